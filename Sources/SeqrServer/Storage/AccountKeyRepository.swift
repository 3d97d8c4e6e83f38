import Foundation
import SeqrCore

/// The account key's half of seqr-server's storage (migration `v5-account-keys`): per account,
/// the label notes sealed under the account key carry, and the key wrapped once per unlock
/// method — never the key itself. Implemented by ``SQLiteRepository`` and ``PostgresRepository``.
public protocol AccountKeyRepository: NotesKitRepository, Sendable {
    /// The account's key record with its methods, oldest first; nil when it has none (an account
    /// made before account keys, not yet moved over).
    func accountKey(owner: UUID) async throws -> AccountKeyRecord?

    /// A new account and its key in one transaction: ``RepositoryError/usernameTaken`` as ``AccountRepository/createAccount(_:)``.
    func createAccount(_ account: AccountRecord, key: AccountKeyRecord) async throws

    /// Moves an existing account over, in one transaction: the label and the password's wrapped
    /// key appear together or not at all. ``RepositoryError/accountKeyExists`` when it has one
    /// already, ``RepositoryError/notFound`` when there is no such account.
    func createAccountKey(_ key: AccountKeyRecord) async throws

    /// Adds a method: ``RepositoryError/noAccountKey``, ``RepositoryError/unlockMethodExists`` (same
    /// id on this account), ``RepositoryError/tooManyUnlockMethods(limit:)``.
    func addUnlockMethod(_ method: UnlockMethodRecord, limit: Int) async throws

    /// Removes a method: ``RepositoryError/notFound``; ``RepositoryError/lastPassword`` for the
    /// password, the one way to sign in (nothing is removed then).
    func removeUnlockMethod(owner: UUID, id: String) async throws

    /// Password change with an account key, atomically: new hash and parameters, the password's
    /// wrapped key replaced by `password`, every other session ended; no note is touched.
    /// ``RepositoryError/noAccountKey`` (nothing changes) when the account has no key.
    func replacePassword(owner: UUID, authHash: String, kdf: AccountKDFParameters, password: UnlockMethodRecord,
                         keepSession: Data) async throws
}

/// An account's key as the server stores it: a label and wrapped copies.
public struct AccountKeyRecord: Sendable, Equatable {
    public var accountID: UUID
    /// The `kdf` notes sealed under the account key carry.
    public var noteKDF: AccountKDFParameters
    public var createdAt: Date
    /// Oldest first.
    public var methods: [UnlockMethodRecord]

    public init(accountID: UUID, noteKDF: AccountKDFParameters, createdAt: Date, methods: [UnlockMethodRecord]) {
        self.accountID = accountID
        self.noteKDF = noteKDF
        self.createdAt = createdAt
        self.methods = methods
    }
}

/// One wrapped copy of an account key (``WrappedAccountKey`` bytes), which the server cannot open.
public struct UnlockMethodRecord: Sendable, Equatable {
    public var accountID: UUID
    public var id: String
    public var kind: UnlockMethodKind
    public var wrappedKey: Data
    public var createdAt: Date

    public init(accountID: UUID, id: String, kind: UnlockMethodKind, wrappedKey: Data, createdAt: Date) {
        self.accountID = accountID
        self.id = id
        self.kind = kind
        self.wrappedKey = wrappedKey
        self.createdAt = createdAt
    }

    var api: NotesAPI.UnlockMethod { NotesAPI.UnlockMethod(kind: kind, id: id, wrappedKey: wrappedKey, createdAt: createdAt) }
}
