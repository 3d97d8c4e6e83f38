import Foundation
import SeqrCore

/// The accounts half of seqr-server's storage: accounts, sessions and server-wide keys.
/// Implemented by ``SQLiteRepository`` and ``PostgresRepository``; every failure a caller acts
/// on is a ``RepositoryError``.
public protocol AccountRepository: Sendable {
    /// Throws ``RepositoryError/usernameTaken`` when the name is in use (names are case-sensitive).
    func createAccount(_ account: AccountRecord) async throws
    func account(username: String) async throws -> AccountRecord?
    func account(id: UUID) async throws -> AccountRecord?
    /// Returns false when there is no such user.
    func setPro(username: String, _ pro: Bool) async throws -> Bool
    /// Deletes the account, its sessions, its notes and its location shares; nothing when there is no such account.
    func deleteAccount(id: UUID) async throws

    /// The server-wide secret stored under `name` (table `server_key`, migration `v3-server-keys`):
    /// `fresh` is stored when there is none yet; every instance over the database then reads the same.
    func serverKey(named name: String, ifAbsent fresh: Data) async throws -> Data

    /// ``RepositoryError/notFound`` when the account does not exist (deleted meanwhile).
    func createSession(_ session: SessionRecord) async throws
    /// The session with this token hash, if it has not expired at `now` (expiring exactly at `now` counts as expired).
    func session(tokenHash: Data, now: Date) async throws -> SessionRecord?
    /// ``session(tokenHash:now:)`` and its account, in one round trip where the backend can (the
    /// bearer-token check of every signed-in request the session cache does not answer).
    func signedInAccount(tokenHash: Data, now: Date) async throws -> (session: SessionRecord, account: AccountRecord)?
    func deleteSession(tokenHash: Data) async throws

    /// Password change, atomically: new hash and parameters, every note replaced (the list must
    /// be exactly the owner's notes, else ``RepositoryError/noteSetChanged``; each at its current
    /// version, else ``RepositoryError/staleVersion(current:)``), every other session ended;
    /// ``RepositoryError/notFound`` when there is no such account; ``RepositoryError/accountKeyExists``
    /// when it has an account key (its password change only rewraps: ``AccountKeyRepository/replacePassword(owner:authHash:kdf:password:keepSession:)``).
    /// On any error nothing changes.
    func replaceCredentials(owner: UUID, authHash: String, kdf: AccountKDFParameters, notes: [UUID: (EncryptedNote, Int)],
                            keepSession: Data, now: Date) async throws
}

extension AccountRepository {
    public func signedInAccount(tokenHash: Data, now: Date) async throws -> (session: SessionRecord, account: AccountRecord)? {
        guard let session = try await session(tokenHash: tokenHash, now: now), let account = try await account(id: session.accountID) else { return nil }
        return (session, account)
    }
}
