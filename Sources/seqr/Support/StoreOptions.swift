import ArgumentParser
import Foundation
import Synchronization
import SeqrCLISupport
import SeqrCore
import SeqrStore

/// Which local store to use, and the passphrase of its identity.
struct StoreOptions: ParsableArguments {
    @Option(help: "The store directory (default: $SEQR_HOME, else $XDG_DATA_HOME/seqr, else ~/.local/share/seqr).")
    var store: String?

    @Option(name: .customLong("passphrase-file"), help: "The identity's passphrase, first line of this file (SEQR_PASSPHRASE works too).")
    var passphraseFile: String?

    var passphrase: SecretSource { .passphrase(file: passphraseFile) }

    func open() throws -> LocalStore {
        try Self.open(directory: store, passphraseFile: passphraseFile)
    }

    /// The store in `directory` (or the default one). It asks for the identity's passphrase only
    /// when it first needs it — from the file, else SEQR_PASSPHRASE, else the terminal — and
    /// once per process: the store keeps the unlocked identity.
    /// One store per directory per process, so that every part of a command shares one unlocked
    /// identity and the passphrase is never asked twice.
    static func open(directory: String?, passphraseFile: String? = nil) throws -> LocalStore {
        let path = directory ?? LocalStore.defaultDirectory()
        return try openStores.withLock { stores in
            if let store = stores[path] { return store }
            let source = SecretSource.passphrase(file: passphraseFile)
            let store = try LocalStore(directory: path, passphrase: { try source.readIfGiven(confirm: false) })
            stores[path] = store
            return store
        }
    }

    private static let openStores = Mutex<[String: LocalStore]>([:])

    /// The identity, asking for its passphrase on the terminal when it is sealed.
    func identity(in store: LocalStore) throws -> PrivateIdentity {
        try store.identity()
    }
}
