import Foundation

/// The browser keyrings' counters (migration `v7-keyring-counters`): per account and keyring id,
/// the newest sealed counter a browser saved (docs/formats/web-keyring.md). The server cannot
/// open it; a browser compares it with its own keyring's at unlock, so that its whole keyring put
/// back from an older moment is noticed. Implemented by ``SQLiteRepository`` and ``PostgresRepository``.
public protocol KeyringCounterRepository: Sendable {
    /// The account's counter for `keyring`, or nil.
    func keyringCounter(owner: UUID, keyring: String) async throws -> KeyringCounterRecord?

    /// Stores `counter` in place of the one of its keyring. A keyring the account had no counter
    /// for, when it has `limit` already, takes the place of the one written longest ago (a
    /// browser long unused loses its binding; no keyring is ever refused). ``RepositoryError/notFound``
    /// when there is no such account.
    func saveKeyringCounter(_ counter: KeyringCounterRecord, limit: Int) async throws
}

/// One keyring's counter as the server stores it: the client's sealed bytes and when they came.
public struct KeyringCounterRecord: Sendable, Equatable {
    public var accountID: UUID
    /// 32 lowercase hex digits, chosen by the browser.
    public var keyringID: String
    public var sealed: Data
    public var updatedAt: Date

    public init(accountID: UUID, keyringID: String, sealed: Data, updatedAt: Date) {
        self.accountID = accountID
        self.keyringID = keyringID
        self.sealed = sealed
        self.updatedAt = updatedAt
    }
}
