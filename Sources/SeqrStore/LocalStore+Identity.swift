import Crypto
import Foundation
import GRDB
import SeqrCore

/// The identity: private keys, sealed under a passphrase when one was set.
extension LocalStore {
    /// Creates the identity; with a passphrase its private keys are sealed at rest
    /// (PBKDF2-HMAC-SHA256, 600,000 rounds, ChaCha20-Poly1305), and so are the store's secrets
    /// from then on (``StoreSecretsKey``), including those saved before the identity existed.
    public func createIdentity(name: String, p256: Bool = false, passphrase: String?, rounds: UInt32 = VaultMessage.defaultRounds) throws -> PrivateIdentity {
        try DisplayName.validate(name)  // others' readers refuse such names
        // The serialized keys keep 255 bytes of the name; a cut inside a character would make the identity unreadable.
        guard name.utf8.count <= 255 else { throw StoreError.nameTooLong(name.utf8.count) }
        return try keep(PrivateIdentity.generate(name: name, p256: p256), passphrase: passphrase, rounds: rounds)
    }

    /// Keeps `identity` (new, or restored from a backup) as the store's identity, sealed under
    /// `passphrase` when there is one; `identityExists` when the store has one already.
    func keep(_ identity: PrivateIdentity, passphrase: String?, rounds: UInt32 = VaultMessage.defaultRounds) throws -> PrivateIdentity {
        let plain = identity.serializedPrivateKeys()
        // NFC, so that the passphrase typed on any system opens it (PasswordKDF).
        let keys = passphrase.map { Data(VaultMessage.seal(plain, password: $0.precomposedStringWithCanonicalMapping, rounds: rounds).serialized()) } ?? Data(plain)
        try database.write { db in
            guard try IdentityRecord.fetchCount(db) == 0 else { throw StoreError.identityExists }
            try IdentityRecord(keys: keys, sealed: passphrase != nil, created: Date(),
                               publicKey: Data(PublicKeyCode.encode(identity.publicIdentity))).insert(db)
        }
        if passphrase != nil {
            unlockedIdentity.withLock { $0 = identity }
            try sealClearSecrets(key: StoreSecretsKey(identity: identity))
        }
        return identity
    }

    /// The identity, unlocked with `passphrase` when it is sealed (always checked, even when
    /// the identity was unlocked before in this process).
    public func identity(passphrase: String?) throws -> PrivateIdentity {
        guard let record = try database.read({ try IdentityRecord.fetchOne($0) }) else { throw StoreError.noIdentity }
        guard record.sealed else { return try PrivateIdentity(serializedPrivateKeys: [UInt8](record.keys)) }
        guard let passphrase else { throw StoreError.passphraseRequired }
        guard let message = try? VaultMessage(parsing: [UInt8](record.keys)) else { throw StoreError.wrongPassphrase }
        // The NFC form first (identities sealed now); then the passphrase as typed, which is how
        // identities sealed before NFC was applied were keyed.
        let normalized = passphrase.precomposedStringWithCanonicalMapping
        // Compared as bytes: Swift's `==` already treats the two forms as equal.
        let candidates = normalized.utf8.elementsEqual(passphrase.utf8) ? [normalized] : [normalized, passphrase]
        guard let (index, plain) = candidates.enumerated().lazy.compactMap({ index, candidate in
            (try? message.open(password: candidate)).map { (index, $0) }
        }).first else { throw StoreError.wrongPassphrase }
        if index > 0 {
            // Opened by the raw form: reseal under NFC, so later unlocks cost one derivation.
            let resealed = VaultMessage.seal(plain, password: normalized, rounds: message.rounds).serialized()
            try database.write { db in
                guard var stored = try IdentityRecord.fetchOne(db) else { return }
                stored.keys = Data(resealed)
                try stored.update(db)
            }
        }
        let identity = try PrivateIdentity(serializedPrivateKeys: plain)
        try keepPublicKey(of: identity, stored: record.publicKey)
        unlockedIdentity.withLock { $0 = identity }
        // Secrets saved in clear (by a version before sealing, or before the identity existed)
        // are sealed now that the key is at hand.
        try sealClearSecrets(key: StoreSecretsKey(identity: identity))
        return identity
    }

    /// The identity, asking the store's ``PassphraseSource`` when it is sealed.
    public func identity() throws -> PrivateIdentity {
        if let identity = unlockedIdentity.withLock({ $0 }) { return identity }
        return try identity(passphrase: try identityIsSealed ? passphraseSource?() : nil)
    }

    /// The public identity, without the passphrase when the store keeps it in clear (stores made
    /// before it was kept ask once; the unlock then keeps it). The private keys' own public half
    /// wins whenever they are at hand: a replaced clear copy is corrected at the next unlock.
    public func publicIdentity() throws -> PublicIdentity {
        if let identity = unlockedIdentity.withLock({ $0 }) { return identity.publicIdentity }
        guard let record = try database.read({ try IdentityRecord.fetchOne($0) }) else { throw StoreError.noIdentity }
        if record.sealed, let stored = record.publicKey, let publicIdentity = try? PublicKeyCode.decode([UInt8](stored)) {
            return publicIdentity
        }
        return try identity().publicIdentity
    }

    /// Keeps the public identity in clear (for ``publicIdentity()``) when it is missing or differs.
    private func keepPublicKey(of identity: PrivateIdentity, stored: Data?) throws {
        let code = Data(PublicKeyCode.encode(identity.publicIdentity))
        guard stored != code else { return }
        try database.write { db in
            guard var record = try IdentityRecord.fetchOne(db) else { return }
            record.publicKey = code
            try record.update(db)
        }
    }

    public var identityIsSealed: Bool {
        get throws { try database.read { try IdentityRecord.fetchOne($0)?.sealed } ?? false }
    }
}
