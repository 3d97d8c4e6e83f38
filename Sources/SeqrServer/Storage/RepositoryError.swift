/// Every way a repository call can fail that callers act on; both backends throw exactly these
/// for the same inputs (`RepositoryContractTests`). Anything else is the database failing.
public enum RepositoryError: Error, Equatable {
    case usernameTaken
    case noteExists
    /// A share with this id exists (anyone's).
    case shareExists
    /// No such row for this owner — or, for a write on an account's behalf, no such account.
    case notFound
    /// The note changed since the client read it; carries the current version.
    case staleVersion(current: Int)
    case quotaExceeded(limit: Int)
    /// The write would take the account's notes and location fixes past this many bytes.
    case storageQuotaExceeded(quota: Int)
    /// A password change did not list exactly the account's notes.
    case noteSetChanged
    /// The account already has an account key (``AccountKeyRepository/createAccountKey(_:)``).
    case accountKeyExists
    /// The account has no account key yet: move it over first.
    case noAccountKey
    /// An unlock method with this id exists on the account.
    case unlockMethodExists
    case tooManyUnlockMethods(limit: Int)
    /// The password cannot be removed: it is the only way to sign in.
    case lastPassword
    /// A stored note or share names a format this server does not know (a newer server wrote
    /// it): the read fails rather than pass the row off as missing, and the row is kept.
    case unknownFormat(String)
    /// A stored row cannot be read back (an id that is not a UUID): an error, never a crash.
    case unreadableRow(String)
    /// The database did not answer (its connection died and a new one failed too): 503, try again.
    case unavailable(String)
}
