import Foundation
import Logging
import PostgresNIO

/// PostgreSQL could not be reached, or refused the login, at start: one line, without the password.
public struct PostgresUnreachableError: Error, CustomStringConvertible {
    public let endpoint: String
    public let reason: String
    public var description: String { "cannot reach PostgreSQL at \(endpoint): \(reason)" }
}

extension PostgresRepository {
    /// Opens one connection and closes it again, within `timeout` for the connection and the login.
    /// Called before the pool starts: the pool retries an unreachable database with a log line per
    /// attempt and holds the migrations (and a graceful stop) until it gives up.
    public func checkReachable(timeout seconds: Int) async throws(PostgresUnreachableError) {
        let endpoint = "\(settings.host):\(settings.port)"
        var configuration: PostgresConnection.Configuration
        do {
            configuration = try settings.connectionConfiguration()
        } catch {
            throw PostgresUnreachableError(endpoint: endpoint, reason: "the TLS settings cannot be used (\(error))")
        }
        configuration.options.connectTimeout = .seconds(Int64(seconds))
        do {
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: Logger(label: "seqr-server.check") { _ in SwiftLogNoOpLogHandler() })
            try? await connection.close()
        } catch {
            throw PostgresUnreachableError(endpoint: endpoint, reason: Self.reason(error, timeout: seconds))
        }
    }

    /// The cause in a few words, from postgres-nio's and NIO's error types.
    static func reason(_ error: any Error, timeout: Int) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            if let underlying = error.underlying { return reason(underlying, timeout: timeout) }
            return "the connection failed (\(error.code))"
        }
        if let error = error as? ChannelError, case .connectTimeout = error { return "no answer within \(timeout) seconds" }
        if let error = error as? NIOConnectionError {
            if let first = error.connectionErrors.first { return reason(first.error, timeout: timeout) }
            if error.dnsAError != nil || error.dnsAAAAError != nil { return "the host name does not resolve" }
            return "the connection failed"
        }
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)).lowercased() }
        return "\(error)"
    }
}
