import SeqrCore

/// Why a call to seqr-server failed.
public enum ServerClientError: Error, Equatable, CustomStringConvertible {
    /// The server answered with an error body.
    case server(status: Int, code: String, message: String)
    /// No connection to the server, or it broke before the whole answer came.
    case unreachable(String)
    /// The server took longer than ``ServerClient/timeout`` (in seconds) to answer.
    case timedOut(String, seconds: Int64)
    /// An answer that is not what the API promises (not its JSON, or over 64 MiB).
    case badResponse(String)
    /// `http://` to a host that is not loopback, without ``ServerClient/allowsInsecureHTTP``.
    case insecureTransport(String)
    /// Not an http(s) URL with a host.
    case badServerURL(String)
    /// The https server's certificate was refused (the server URL, and what is wrong with it).
    case certificate(String, String)

    /// A refused certificate: not a lost connection, so retrying cannot help.
    public var isCertificateProblem: Bool {
        if case .certificate = self { return true }
        return false
    }

    /// One line for a person, the server's own words escaped for a terminal.
    public var description: String {
        switch self {
        // The server's words are untrusted: escaped, so they cannot overwrite or reorder the line.
        case .server(let status, _, let message): return "server: \(DisplayName.escaped(message)) (HTTP \(status))"
        case .unreachable(let server): return "cannot reach seqr-server at \(server) (is seqr-server running? see --server)"
        case .timedOut(let server, let seconds): return "seqr-server at \(server) did not answer within \(seconds) s"
        case .badResponse(let what): return "unexpected answer from the server: \(what)"
        case .insecureTransport(let server):
            return "refusing plain http to \(server): the session token would cross the network in the clear (use https, or --insecure-http if you must)"
        case .badServerURL(let server): return "\(server) is not an http(s) server URL"
        case .certificate(let server, let problem):
            return "certificate problem with seqr-server at \(server): \(problem) (a private authority is trusted through SSL_CERT_FILE or SSL_CERT_DIR; docs/server.md)"
        }
    }

    /// The server's error code (`"wrong_credentials"`, `"not_found"`, `"storage_quota_exceeded"`, …) when it sent one.
    public var code: String? {
        if case .server(_, let code, _) = self { return code }
        return nil
    }
}
