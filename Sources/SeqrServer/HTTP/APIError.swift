import Foundation
import Hummingbird
import SeqrCore

/// Every error seqr-server answers with: an HTTP status, a stable code and one line, as JSON
/// (``NotesAPI/ErrorBody``). Messages never include a key, a token or a ciphertext.
public struct APIError: HTTPResponseError {
    public let status: HTTPResponse.Status
    public let code: String
    public let message: String
    public var retryAfter: Int?
    /// The methods a path answers, for a 405.
    public var allow: String?

    public init(_ status: HTTPResponse.Status, _ code: String, _ message: String, retryAfter: Int? = nil, allow: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
        self.allow = allow
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = try JSONEncoder().encode(NotesAPI.ErrorBody(error: code, message: message))
        var headers: HTTPFields = [.contentType: "application/json"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        if let allow { headers[.allow] = allow }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    static let unauthorized = APIError(.unauthorized, "unauthorized", "missing, expired or revoked session token")
    static let wrongCredentials = APIError(.unauthorized, "wrong_credentials", "wrong username or password")
    static let noteNotFound = APIError(.notFound, "not_found", "no such note")
    /// 507: the account's notes and location fixes would pass its storage quota.
    static func storageQuotaExceeded(_ quota: Int) -> APIError {
        APIError(.init(code: 507, reasonPhrase: "Insufficient Storage"), "storage_quota_exceeded",
                 "this account may store at most \(quota / 1024) KiB of notes and location fixes; delete some first")
    }
    /// 503: the database did not answer (``RepositoryError/unavailable(_:)``); a client may retry.
    static let storageUnavailable = APIError(.serviceUnavailable, "unavailable", "the database did not answer; try again", retryAfter: 1)
    static func badRequest(_ message: String) -> APIError { APIError(.badRequest, "bad_request", message) }
}
