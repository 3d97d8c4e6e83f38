/// Why a database was refused — as the server's database at start, as an `admin backup`'s
/// output, or as an `admin restore`'s input. Each is refused before anything is written, so a
/// refusal leaves every file as it was.
public enum DatabaseCheckError: Error, Equatable, CustomStringConvertible, Sendable {
    /// No file at the path (an admin command never creates a database; a restore needs its input).
    case missing(path: String)
    /// The file exists but cannot be opened or read (permissions, a directory).
    case unreadable(path: String, reason: String)
    /// Not a SQLite database at all (another file given by mistake, or one truncated to nothing SQLite recognises).
    case notSQLite(path: String)
    /// SQLite's `integrity_check` found damage; carries its first finding.
    case damaged(path: String, finding: String)
    /// A SQLite database, but not seqr-server's: it has tables and no record of Seqr's migrations
    /// (migrating it would add Seqr's tables to someone else's file), or — as a backup — none at all.
    case notSeqr(path: String)
    /// Made by a newer seqr-server: it records migrations this build does not know, whose
    /// tables this build would misread. Carries those names and the last one this build knows.
    case newerSchema(path: String, unknown: [String], known: String)
    /// `admin restore` while a seqr-server has the database open.
    case inUse(path: String)
    /// A seqr-server starting while `admin restore` swaps the database file.
    case restoring(path: String)
    /// An output that exists (without --force), or a folder where it cannot be written.
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .missing(let path): "no database at \(path)"
        case .unreadable(let path, let reason): "\(path): cannot be read (\(reason))"
        case .notSQLite(let path): "\(path) is not a SQLite database"
        case .damaged(let path, let finding): "\(path) is damaged (SQLite's integrity check: \(finding))"
        case .notSeqr(let path): "\(path) is not a seqr-server database (SQLite, but without Seqr's schema)"
        case .newerSchema(let path, let unknown, let known):
            "\(path) was made by a newer seqr-server (schema \(unknown.joined(separator: ", ")); this one knows up to \(known)): upgrade seqr-server, or restore a backup this version made"
        case .inUse(let path): "\(path) is open in a running seqr-server: stop it before a restore"
        case .restoring(let path): "\(path) is being replaced by `admin restore`: start again once it is done"
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        }
    }
}
