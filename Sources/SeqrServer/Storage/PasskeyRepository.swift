import Foundation

/// Passkeys' half of seqr-server's storage (migration `v6-passkeys`): per credential its id,
/// COSE public key and signature counter, tied to the unlock method that holds the account key
/// wrapped under its PRF output — removing that method (`DELETE /v1/account/unlock-methods/{id}`)
/// removes the credential with it (a foreign key), so a passkey never signs in to an account it
/// can no longer unlock. Implemented by ``SQLiteRepository`` and ``PostgresRepository``.
public protocol PasskeyRepository: Sendable {
    /// The passkey and its unlock method in one transaction; the errors of
    /// ``AccountKeyRepository/addUnlockMethod(_:limit:)``, and ``RepositoryError/unlockMethodExists``
    /// when the credential is registered on any account.
    func addPasskey(_ passkey: PasskeyRecord, method: UnlockMethodRecord, limit: Int) async throws

    /// The credential with this id, whoever's it is; nil when none.
    func passkey(credentialID: Data) async throws -> PasskeyRecord?

    /// The account's credential ids, oldest first.
    func passkeyIDs(owner: UUID) async throws -> [Data]

    /// Stores a counter that rose, only if it is still `from` (two assertions racing: one wins);
    /// false when it changed meanwhile.
    func updateSignCount(credentialID: Data, from: UInt32, to: UInt32) async throws -> Bool
}

/// One registered passkey. The public key is what the authenticator sent (COSE_Key bytes).
public struct PasskeyRecord: Sendable, Equatable {
    public var accountID: UUID
    public var credentialID: Data
    /// The unlock method (kind `passkey`) whose wrapped key this passkey opens: the credential id in base64url.
    public var methodID: String
    public var publicKey: Data
    public var signCount: UInt32
    public var createdAt: Date

    public init(accountID: UUID, credentialID: Data, methodID: String, publicKey: Data, signCount: UInt32, createdAt: Date) {
        self.accountID = accountID
        self.credentialID = credentialID
        self.methodID = methodID
        self.publicKey = publicKey
        self.signCount = signCount
        self.createdAt = createdAt
    }
}
