import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import SeqrCore

/// The HTTP client for seqr-server (async-http-client): the notes API here, location sharing
/// in `LocationClient.swift`. It only moves what
/// SeqrCore has already encrypted; no password or encryption key ever reaches it.
public struct NotesClient: Sendable {
    public static let defaultServer = "http://127.0.0.1:8080"

    public let server: String
    public var token: String?
    public var timeout: TimeAmount = .seconds(30)
    /// Plain `http://` to a host other than loopback is refused unless this is set: the
    /// authentication key and the bearer token would cross the network in the clear.
    public var allowsInsecureHTTP: Bool

    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The server answered with an error body.
        case server(status: Int, code: String, message: String)
        case unreachable(String)
        case badResponse(String)
        /// `http://` to a host that is not loopback, without ``NotesClient/allowsInsecureHTTP``.
        case insecureTransport(String)
        /// Not an http(s) URL with a host.
        case badServerURL(String)

        public var description: String {
            switch self {
            case .server(let status, _, let message): return "server: \(message) (HTTP \(status))"
            case .unreachable(let server): return "cannot reach seqr-server at \(server) (is seqr-server running? see --server)"
            case .badResponse(let what): return "unexpected answer from the server: \(what)"
            case .insecureTransport(let server):
                return "refusing plain http to \(server): the session token would cross the network in the clear (use https, or --insecure-http if you must)"
            case .badServerURL(let server): return "\(server) is not an http(s) server URL"
            }
        }

        public var code: String? {
            if case .server(_, let code, _) = self { return code }
            return nil
        }
    }

    public init(server: String = defaultServer, token: String? = nil, allowsInsecureHTTP: Bool = false) {
        self.server = server.hasSuffix("/") ? String(server.dropLast()) : server
        self.token = token
        self.allowsInsecureHTTP = allowsInsecureHTTP
    }

    /// Whether requests to `server` may be sent (``ServerTransportPolicy``): https anywhere;
    /// http only to loopback unless `allowsInsecureHTTP`.
    public static func checkTransport(_ server: String, allowsInsecureHTTP: Bool) throws(Failure) {
        do throws(ServerTransportPolicy.Violation) {
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
    static let httpClient: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    // MARK: Transport

    private func send(_ method: HTTPMethod, _ path: String, body: (any Encodable)?) async throws -> (Int, Data) {
        try Self.checkTransport(server, allowsInsecureHTTP: allowsInsecureHTTP)
        var request = HTTPClientRequest(url: server + path)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let body {
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(data: try encoder.encode(body)))
        }
        let response: HTTPClientResponse
        do {
            response = try await Self.httpClient.execute(request, timeout: timeout)
        } catch {
            throw Failure.unreachable(server)
        }
        let data = Data(buffer: try await response.body.collect(upTo: 64 << 20))
        let status = Int(response.status.code)
        guard (200..<300).contains(status) else {
            if let error = try? JSONDecoder().decode(NotesAPI.ErrorBody.self, from: data) {
                throw Failure.server(status: status, code: error.error, message: error.message)
            }
            throw Failure.server(status: status, code: "http_\(status)", message: "HTTP \(status)")
        }
        return (status, data)
    }

    func call<Response: Decodable>(_ method: HTTPMethod, _ path: String, body: (any Encodable)? = nil) async throws -> Response {
        let (_, data) = try await send(method, path, body: body)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(Response.self, from: data)
        } catch {
            throw Failure.badResponse("\(Response.self) expected")
        }
    }

    func callNoContent(_ method: HTTPMethod, _ path: String, body: (any Encodable)? = nil) async throws {
        _ = try await send(method, path, body: body)
    }

    // MARK: Accounts and sessions

    public func kdf(username: String) async throws -> AccountKDFParameters {
        let name = username.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? username
        let response: NotesAPI.KDFResponse = try await call(.GET, "/v1/kdf?username=\(name)")
        return response.kdf
    }

    public func register(username: String, authKey: String, kdf: AccountKDFParameters) async throws -> NotesAPI.SessionResponse {
        try await call(.POST, "/v1/accounts", body: NotesAPI.RegisterRequest(username: username, authKey: authKey, kdf: kdf))
    }

    public func login(username: String, authKey: String) async throws -> NotesAPI.SessionResponse {
        try await call(.POST, "/v1/sessions", body: NotesAPI.LoginRequest(username: username, authKey: authKey))
    }

    public func logout() async throws { try await callNoContent(.DELETE, "/v1/sessions/current") }

    public func account() async throws -> NotesAPI.AccountResponse { try await call(.GET, "/v1/account") }

    public func deleteAccount(authKey: String) async throws {
        try await callNoContent(.DELETE, "/v1/account", body: NotesAPI.DeleteAccountRequest(authKey: authKey))
    }

    public func changePassword(_ request: NotesAPI.PasswordChangeRequest) async throws {
        try await callNoContent(.PUT, "/v1/account/password", body: request)
    }

    // MARK: Notes

    public func notes() async throws -> [NotesAPI.Note] {
        let list: NotesAPI.NoteList = try await call(.GET, "/v1/notes")
        return list.notes
    }

    public func note(id: UUID) async throws -> NotesAPI.Note { try await call(.GET, "/v1/notes/\(id.uuidString.lowercased())") }

    public func create(_ note: EncryptedNote) async throws -> NotesAPI.Note {
        try await call(.POST, "/v1/notes", body: NotesAPI.NoteWrite(note: note))
    }

    public func update(_ note: EncryptedNote, version: Int) async throws -> NotesAPI.Note {
        try await call(.PUT, "/v1/notes/\(note.id.uuidString.lowercased())", body: NotesAPI.NoteWrite(note: note, version: version))
    }

    public func delete(id: UUID) async throws { try await callNoContent(.DELETE, "/v1/notes/\(id.uuidString.lowercased())") }
}
