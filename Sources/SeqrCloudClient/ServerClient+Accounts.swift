import Foundation
import SeqrCore

/// Accounts and sessions: the client sends keys derived by SeqrCore (``AccountKeys``), never the password.
extension ServerClient {
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
}
