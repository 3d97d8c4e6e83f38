/// Why a PostgreSQL URL or its password cannot be used; one line each.
public enum PostgresURLError: Error, Equatable, CustomStringConvertible {
    case notPostgres
    case noHost
    case noUser
    case unknownSSLMode(String)
    case unknownParameter(String)
    case badPoolSize(String)
    case badReadConnections(String)
    case twoPasswords
    case passwordFileUnreadable(String)
    case passwordFileEmpty(String)

    public var description: String {
        let expected = " (expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=MODE])"
        switch self {
        case .notPostgres: return "PostgreSQL URL: not a postgres:// URL" + expected
        case .noHost: return "PostgreSQL URL: no host" + expected
        case .noUser: return "PostgreSQL URL: no user" + expected
        case .unknownSSLMode(let mode):
            return "PostgreSQL URL: sslmode \"\(mode)\" is not one of \(PostgresURL.SSLMode.allCases.map(\.rawValue).joined(separator: ", "))"
        case .unknownParameter(let name): return "PostgreSQL URL: unsupported parameter \(name) (only sslmode, sslrootcert, pool and reads)"
        case .badPoolSize(let value):
            return "PostgreSQL URL: pool \"\(value)\" is not a number of connections from \(PostgresURL.poolSizes.lowerBound) to \(PostgresURL.poolSizes.upperBound)"
        case .badReadConnections(let value):
            return "PostgreSQL URL: reads \"\(value)\" is not a number of connections per event loop from \(PostgresURL.readConnectionCounts.lowerBound) to \(PostgresURL.readConnectionCounts.upperBound)"
        case .twoPasswords: return "PostgreSQL URL: a password in the URL and a --database-password-file; give it once"
        case .passwordFileUnreadable(let path): return "cannot read the database password file \(path)"
        case .passwordFileEmpty(let path): return "the database password file \(path) is empty"
        }
    }
}
