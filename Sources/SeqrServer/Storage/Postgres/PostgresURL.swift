import Foundation
import PostgresNIO

/// A `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=…&sslrootcert=FILE&pool=N&reads=N]` URL and
/// where the password comes from, read as libpq reads them where both apply:
///
/// | sslmode | TLS | certificate checked |
/// | --- | --- | --- |
/// | `disable` (the default) | never | — |
/// | `prefer` | when the server offers it | no |
/// | `require` | always | no (with `sslrootcert`: chain only, as libpq does) |
/// | `verify-ca` | always | chain, against `sslrootcert` or the system roots |
/// | `verify-full` | always | chain and host name |
///
/// The password, in order: `--database-password-file` (one line), the URL, `PGPASSWORD` —
/// so it need not sit in a command line that `ps` shows. Unknown parameters are refused
/// rather than ignored: a mistyped `sslmode` must not quietly mean no TLS.
///
/// `pool` (seqr's own, not libpq's) is how many pooled connections at most answer requests
/// (``poolSize``); the LISTEN connection of ``PostgresClusterEvents`` comes on top, and so do the hot
/// reads' own connections: `reads` (seqr's own too) per event loop (``readConnectionsPerLoop``).
public struct PostgresURL: Sendable, Equatable {
    public enum SSLMode: String, Sendable, CaseIterable {
        case disable, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String?
    public var sslMode: SSLMode
    public var sslRootCert: String?
    /// Connections at most for requests, besides the one that listens for cluster events.
    public var poolSize: Int

    /// The most connections `pool` may ask for: PostgreSQL's own default `max_connections` is 100.
    public static let poolSizes = 1...1000
    /// Three connections for requests (four with the listener) gave the shortest tail on a 2-core
    /// machine shared by PostgreSQL, the server and the load; postgres-nio's own 20 let twenty
    /// backends fight the server for those cores (p99 10–20 ms against 140–380 ms,
    /// docs/benchmarks.md). A PostgreSQL with more cores of its own may take more.
    public static let defaultPoolSize = 3
    /// The hot reads' own connections per event loop (``PostgresReadConnections``).
    public var readConnectionsPerLoop: Int
    public static let readConnectionCounts = 1...64
    /// One per loop: reads that arrive while a connection's statement is out go together as its next
    /// statement, so one connection keeps up with many concurrent requests; on the 2-core benchmark
    /// machine two per loop read more slowly than one (docs/benchmarks.md, "Reads in batches").
    public static let defaultReadConnectionsPerLoop = 1

    public init(parsing url: String, passwordFile: String? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment) throws(PostgresURLError) {
        guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme ?? "") else {
            throw .notPostgres
        }
        guard let host = components.host, !host.isEmpty else { throw .noHost }
        guard let user = components.user, !user.isEmpty else { throw .noUser }
        self.host = host
        port = components.port ?? 5432
        username = user
        let database = String(components.path.dropFirst())
        self.database = database.isEmpty ? nil : database
        sslMode = .disable
        poolSize = Self.defaultPoolSize
        readConnectionsPerLoop = Self.defaultReadConnectionsPerLoop
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let mode = SSLMode(rawValue: item.value ?? "") else { throw .unknownSSLMode(item.value ?? "") }
                sslMode = mode
            case "sslrootcert":
                guard let path = item.value, !path.isEmpty else { throw .unknownParameter("sslrootcert without a file") }
                sslRootCert = path
            case "pool":
                // Digits only: Int("+4") would pass, and so would a size PostgreSQL could never give.
                let value = item.value ?? ""
                guard value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                      let size = Int(value), Self.poolSizes.contains(size) else { throw .badPoolSize(value) }
                poolSize = size
            case "reads":
                let value = item.value ?? ""
                guard value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                      let count = Int(value), Self.readConnectionCounts.contains(count) else { throw .badReadConnections(value) }
                readConnectionsPerLoop = count
            default:
                throw .unknownParameter(item.name)
            }
        }
        if let passwordFile {
            guard components.password == nil else { throw .twoPasswords }
            guard let data = FileManager.default.contents(atPath: passwordFile) else { throw .passwordFileUnreadable(passwordFile) }
            let line = String(decoding: data, as: UTF8.self).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).first.map(String.init) ?? ""
            guard !line.isEmpty else { throw .passwordFileEmpty(passwordFile) }
            password = line
        } else if let inURL = components.password {
            password = inURL
        } else {
            password = environment["PGPASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
        }
    }

    /// What postgres-nio is given for TLS; nil for `disable`.
    public var tlsConfiguration: TLSConfiguration? {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let sslRootCert { tls.trustRoots = .file(sslRootCert) }
        switch sslMode {
        case .disable: return nil
        case .prefer: tls.certificateVerification = .none
        case .require: tls.certificateVerification = sslRootCert == nil ? .none : .noHostnameVerification
        case .verifyCA: tls.certificateVerification = .noHostnameVerification
        case .verifyFull: tls.certificateVerification = .fullVerification
        }
        return tls
    }

    /// What a single postgres-nio connection is given (the reachability check, ``PostgresReadConnections``);
    /// throws when the TLS settings cannot be used (an unreadable `sslrootcert`).
    public func connectionConfiguration() throws -> PostgresConnection.Configuration {
        var tls = PostgresConnection.Configuration.TLS.disable
        if let tlsConfiguration {
            let context = try NIOSSLContext(configuration: tlsConfiguration)
            tls = sslMode == .prefer ? .prefer(context) : .require(context)
        }
        return PostgresConnection.Configuration(host: host, port: port, username: username, password: password, database: database, tls: tls)
    }

    public var clientConfiguration: PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS
        switch (sslMode, tlsConfiguration) {
        case (.prefer, let config?): tls = .prefer(config)
        case (_, let config?): tls = .require(config)
        case (_, nil): tls = .disable
        }
        var configuration = PostgresClient.Configuration(host: host, port: port, username: username, password: password, database: database, tls: tls)
        // One more for the cluster events' listener, which keeps its connection for good.
        configuration.options.maximumConnections = poolSize + 1
        return configuration
    }
}
