import Foundation
import GRDB
import SeqrCore

/// The secrets of the store — channel secrets, the notes session token, location share keys —
/// sealed under the identity's ``StoreSecretsKey`` when the identity has a passphrase
/// (docs/formats/local-store.md). Without a passphrase they are kept in clear, as the identity's
/// own keys are: the store file is private to its user (``PrivateStoreFiles``), and that is all
/// the protection there is. Rows saved in clear before are read as they are and sealed as soon
/// as the identity is next unlocked.
enum StoreSecretPurpose: String {
    case channelSecret = "channel.secret"
    case notesToken = "notesSession.token"
    case locationShareKey = "locationShare.key"
}

extension LocalStore {
    /// The key to seal with: nil when the identity has no passphrase (or there is no identity).
    /// Unlocks the identity, through the ``PassphraseSource``, the first time in a process.
    func secretsKey() throws -> StoreSecretsKey? {
        guard try identityIsSealed else { return nil }
        return StoreSecretsKey(identity: try identity())
    }

    /// What to store for `secret`: sealed under `key`, or the secret itself without one.
    static func stored(_ secret: Data, _ purpose: StoreSecretPurpose, rowKey: String, key: StoreSecretsKey?) -> Data {
        guard let key else { return secret }
        return Data(SealedStoreSecret(sealing: secret, key: key, purpose: purpose.rawValue, rowKey: rowKey).serialized())
    }

    /// The secret in a stored value: a clear one as it is, a sealed one opened (unlocking the
    /// identity if needed).
    func secret(in stored: Data, _ purpose: StoreSecretPurpose, rowKey: String) throws -> Data {
        guard SealedStoreSecret.isSealed(stored) else { return stored }
        return try open(SealedStoreSecret(parsing: stored), purpose, rowKey: rowKey)
    }

    /// The token column holds the same two forms as text (``SealedStoreSecret/textPrefix``).
    static func storedToken(_ token: String, rowKey: String, key: StoreSecretsKey?) -> String {
        guard let key else { return token }
        return SealedStoreSecret(sealing: Data(token.utf8), key: key, purpose: StoreSecretPurpose.notesToken.rawValue, rowKey: rowKey).serializedText()
    }

    func token(in stored: String, rowKey: String) throws -> String {
        guard stored.hasPrefix(SealedStoreSecret.textPrefix) else { return stored }
        let bytes = try open(SealedStoreSecret(parsingText: stored), .notesToken, rowKey: rowKey)
        guard let token = String(data: bytes, encoding: .utf8) else { throw StoreSecretError.authenticationFailed }
        return token
    }

    private func open(_ sealed: SealedStoreSecret, _ purpose: StoreSecretPurpose, rowKey: String) throws -> Data {
        guard let key = try secretsKey() else { throw StoreError.sealedWithoutPassphrase }
        return Data(try sealed.open(key: key, purpose: purpose.rawValue, rowKey: rowKey))
    }

    /// Seals every secret still stored in clear, and leaves no clear copy behind: VACUUM
    /// rewrites the file without its free pages (where versions before `secure_delete` left
    /// deleted secrets: unsubscribes, replaced tokens, the table v5-channel-owner-key dropped),
    /// and a truncating checkpoint empties the WAL.
    func sealClearSecrets(key: StoreSecretsKey) throws {
        guard try database.write({ db in try Self.sealClearSecrets(db, key: key) }) else { return }
        try database.writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM")
            _ = try db.checkpoint(.truncate)
        }
    }

    /// Seals every secret still stored in clear; whether there was any.
    @discardableResult
    static func sealClearSecrets(_ db: Database, key: StoreSecretsKey) throws -> Bool {
        var sealed = false
        for var channel in try ChannelRecord.fetchAll(db) where !SealedStoreSecret.isSealed(channel.secret) {
            channel.secret = stored(channel.secret, .channelSecret, rowKey: channel.secretRowKey, key: key)
            try channel.update(db)
            sealed = true
        }
        for var epoch in try ChannelEpochRecord.fetchAll(db) where !SealedStoreSecret.isSealed(epoch.secret) {
            epoch.secret = stored(epoch.secret, .channelSecret, rowKey: epoch.secretRowKey, key: key)
            try epoch.update(db)
            sealed = true
        }
        for var session in try NotesSessionRecord.fetchAll(db) where !session.token.hasPrefix(SealedStoreSecret.textPrefix) {
            session.token = storedToken(session.token, rowKey: session.tokenRowKey, key: key)
            try session.update(db)
            sealed = true
        }
        for var share in try LocationShareRecord.fetchAll(db) where !SealedStoreSecret.isSealed(share.key) {
            share.key = stored(share.key, .locationShareKey, rowKey: share.id, key: key)
            try share.update(db)
            sealed = true
        }
        return sealed
    }
}

extension ChannelRecord {
    /// What a sealed channel secret is bound to: the channel's owner and id.
    var secretRowKey: String { ownerFingerprint + "/" + id.hexString }
}

extension ChannelEpochRecord {
    /// What a sealed epoch secret is bound to: the channel's owner, id and the epoch.
    var secretRowKey: String { ownerFingerprint + "/" + channelID.hexString + "/" + String(epoch) }
}

extension NotesSessionRecord {
    /// What a sealed token is bound to: the server and account it was issued by.
    var tokenRowKey: String { server + "\u{0}" + username }
}
