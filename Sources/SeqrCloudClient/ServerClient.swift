import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import SeqrCore

/// The HTTP client of seqr-server (async-http-client): transport here; accounts, notes and
/// location shares in `ServerClient+Accounts`, `+Notes` and `+Location`. It only moves what
/// SeqrCore has already encrypted; no password or encryption key ever reaches it.
public struct ServerClient: Sendable {
    /// A seqr-server on this machine's loopback, as `seqr-server` starts by default.
    public static let defaultServer = "http://127.0.0.1:8080"

    /// The server's base URL, without a trailing slash.
    public let server: String
    /// The session's bearer token (from `register` or `login`), sent with every request when set.
    public var token: String?
    /// How long one request may take, answer included.
    public var timeout: TimeAmount = .seconds(30)
    /// Plain `http://` to a host other than loopback is refused unless this is set: the
    /// authentication key and the bearer token would cross the network in the clear.
    public var allowsInsecureHTTP: Bool

    /// A client of the seqr-server at `server` (scheme, host and port); `token` is a session's bearer token.
    public init(server: String = defaultServer, token: String? = nil, allowsInsecureHTTP: Bool = false) {
        self.server = server.hasSuffix("/") ? String(server.dropLast()) : server
        self.token = token
        self.allowsInsecureHTTP = allowsInsecureHTTP
    }

    /// Whether requests to `server` may be sent (`ServerTransportPolicy`): https anywhere;
    /// http only to loopback unless `allowsInsecureHTTP`.
    public static func checkTransport(_ server: String, allowsInsecureHTTP: Bool) throws(ServerClientError) {
        do throws(TransportPolicyError) {
            try ServerTransportPolicy.check(server, allowsInsecureHTTP: allowsInsecureHTTP)
        } catch {
            switch error {
            case .insecure: throw .insecureTransport(server)
            case .notHTTP: throw .badServerURL(server)
            }
        }
    }

    /// Redirects are never followed: async-http-client would send a request's body (an auth
    /// key) again to whatever `Location` a reply names, http included. A 3xx is an error here.
    /// https trusts the system's authorities, or those SSL_CERT_FILE and SSL_CERT_DIR name (``ServerTrust``).
    static let trust = ServerTrust.fromEnvironment()

    static let httpClient: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.tlsConfiguration = trust.configuration
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    // MARK: Transport

    private func send(_ method: HTTPMethod, _ path: String, body: (any Encodable)?) async throws -> (Int, Data) {
        try Self.checkTransport(server, allowsInsecureHTTP: allowsInsecureHTTP)
        if let problem = Self.trust.problem, server.lowercased().hasPrefix("https:") { throw ServerClientError.certificate(server, problem) }
        var request = HTTPClientRequest(url: server + path)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let body {
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(data: try encoder.encode(body)))
        }
        // One deadline for the whole answer: async-http-client's covers the head only.
        let deadline = NIODeadline.now() + timeout
        let seconds = (timeout.nanoseconds + 999_999_999) / 1_000_000_000
        let response: HTTPClientResponse
        do {
            response = try await Self.httpClient.execute(request, deadline: deadline)
        } catch let error as HTTPClientError where error == .deadlineExceeded {
            // Slow, or never connected within the time: either way no answer came in time.
            throw ServerClientError.timedOut(server, seconds: seconds)
        } catch {
            if CertificateProblem.isCertificateFailure(error) {
                throw ServerClientError.certificate(server, await CertificateProblem.explain(error, server: server))
            }
            throw ServerClientError.unreachable(server)
        }
        let data = try await Self.collect(response.body, before: deadline, server: server, seconds: seconds)
        let status = Int(response.status.code)
        guard (200..<300).contains(status) else {
            if let error = try? JSONDecoder().decode(NotesAPI.ErrorBody.self, from: data) {
                throw ServerClientError.server(status: status, code: error.error, message: error.message)
            }
            throw ServerClientError.server(status: status, code: "http_\(status)", message: "HTTP \(status)")
        }
        return (status, data)
    }

    /// An answer's body, whole, by `deadline`: a server that sends its head and then stalls is
    /// `timedOut`, a connection lost halfway `unreachable`, a body over 64 MiB `badResponse`.
    private static func collect(_ body: HTTPClientResponse.Body, before deadline: NIODeadline, server: String, seconds: Int64) async throws -> Data {
        let limit = 64 << 20
        let buffer: ByteBuffer?
        do {
            buffer = try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
                group.addTask { try await body.collect(upTo: limit) }
                group.addTask {
                    try await Task.sleep(nanoseconds: UInt64(max(0, (deadline - .now()).nanoseconds)))
                    return nil
                }
                defer { group.cancelAll() }
                return try await group.next() ?? nil
            }
        } catch is NIOTooManyBytesError {
            throw ServerClientError.badResponse("an answer larger than 64 MiB")
        } catch {
            throw ServerClientError.unreachable(server)
        }
        guard let buffer else { throw ServerClientError.timedOut(server, seconds: seconds) }
        return Data(buffer: buffer)
    }

    func call<Response: Decodable>(_ method: HTTPMethod, _ path: String, body: (any Encodable)? = nil) async throws -> Response {
        let (_, data) = try await send(method, path, body: body)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(Response.self, from: data)
        } catch {
            throw ServerClientError.badResponse("\(Response.self) expected")
        }
    }

    func callNoContent(_ method: HTTPMethod, _ path: String, body: (any Encodable)? = nil) async throws {
        _ = try await send(method, path, body: body)
    }
}
