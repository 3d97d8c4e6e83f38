import Foundation
import Logging
import ServiceLifecycle

/// Where seqr-server keeps its data: a SQLite file path (the embedded default) or a
/// `postgres://` URL. Returns the repository and the services it needs running.
public enum RepositoryLocation {
    public static func defaultSQLitePath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty { return data + "/seqr-server/notes.sqlite" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share/seqr-server/notes.sqlite"
    }

    /// Whether `location` names a PostgreSQL database rather than a SQLite file.
    public static func isPostgres(_ location: String) -> Bool {
        location.hasPrefix("postgres://") || location.hasPrefix("postgresql://")
    }

    /// - Parameter passwordFile: for PostgreSQL, a file whose first line is the password (``PostgresURL``).
    public static func open(_ location: String, passwordFile: String? = nil, logger: Logger) throws -> (repository: any SeqrRepository, services: [any Service]) {
        if isPostgres(location) {
            let repository = try PostgresRepository(url: location, passwordFile: passwordFile, logger: logger)
            return (repository, [repository])
        }
        let directory = (location as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        return (try SQLiteRepository(path: location), [])
    }

    /// How instances on `repository`'s database hear of each other's revocations and new fixes:
    /// PostgreSQL's LISTEN/NOTIFY (a service to run beside the pool), or this process alone for SQLite.
    public static func clusterEvents(for repository: any SeqrRepository, logger: Logger) -> (events: any ClusterEvents, services: [any Service]) {
        if let postgres = repository as? PostgresRepository {
            let events = PostgresClusterEvents(client: postgres.client, logger: logger)
            return (events, [events])
        }
        return (LocalClusterEvents(), [])
    }
}
