import Crypto
import Foundation
import GRDB
import SeqrCore
import Synchronization

/// The local store of one person — identity, channels and their message history, the notes
/// session, owned location shares — SQLite through GRDB in WAL mode with a busy timeout, so
/// concurrent `seqr` processes never corrupt it. One concern per extension:
/// `LocalStore+Identity`, `+Channels`, `+NotesSession`, `+LocationShares`, `+SeenNoteVersions`;
/// the records in `Records.swift`, the schema in `Migrations.swift`.
public final class LocalStore: Sendable {
    /// Where the identity's passphrase comes from when a sealed secret is first needed (a file,
    /// the environment, the terminal); nil when it is not known.
    public typealias PassphraseSource = @Sendable () throws -> String?

    public let path: String
    let database: DatabasePool
    let passphraseSource: PassphraseSource?
    /// The identity once unlocked in this process, so that its passphrase is asked at most once.
    let unlockedIdentity = Mutex<PrivateIdentity?>(nil)

    /// Opens (creating, private to this user) the store in `directory`. `passphrase` is asked
    /// only when a secret sealed under the identity is read or written.
    public init(directory: String, passphrase: PassphraseSource? = nil) throws {
        passphraseSource = passphrase
        path = directory + "/seqr.sqlite"
        try PrivateStoreFiles.prepare(directory: directory, database: path)
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        // Deleted and overwritten content is zeroed, so a secret sealed in place leaves no clear copy in free pages.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA secure_delete = ON") }
        database = try DatabasePool(path: path, configuration: configuration)
        try LocalStoreMigrations.migrator.migrate(database)
    }

    /// `$SEQR_HOME`, else `$XDG_DATA_HOME/seqr`, else `~/.local/share/seqr`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let home = environment["SEQR_HOME"], !home.isEmpty { return home }
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty { return data + "/seqr" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share/seqr"
    }
}

extension Data {
    public var hexString: String { map { String(format: "%02x", $0) }.joined() }
}
