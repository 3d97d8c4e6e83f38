import Foundation
import SeqrCore

/// Accounts and sessions: the client sends keys derived by SeqrCore (``AccountKeys``), never the password.
extension ServerClient {
    /// An account's key-derivation parameters, to derive its keys before logging in. The server answers
    /// for unknown names too (with parameters derived from the name), so this does not tell who has an account.
    public func kdf(username: String) async throws -> AccountKDFParameters {
        let name = username.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? username
        let response: NotesAPI.KDFResponse = try await call(.GET, "/v1/kdf?username=\(name)")
        return response.kdf
    }

    /// Creates an account and signs it in. `authKey` is `AccountKeys.authenticationToken`: the server
    /// keeps only a slow hash of it, and never receives the password or the encryption key.
    /// `accountKey`, the new account's key wrapped for the password, makes an account whose notes a
    /// password change never re-encrypts (nil: an account as older clients made them).
    public func register(username: String, authKey: String, kdf: AccountKDFParameters,
                         accountKey: NotesAPI.NewAccountKey? = nil) async throws -> NotesAPI.SessionResponse {
        try await call(.POST, "/v1/accounts", body: NotesAPI.RegisterRequest(username: username, authKey: authKey, kdf: kdf, accountKey: accountKey))
    }

    /// Signs in with the authentication key derived from the password and the account's parameters
    /// (``kdf(username:)``); repeated failures are rate-limited per account and per address.
    public func login(username: String, authKey: String) async throws -> NotesAPI.SessionResponse {
        try await call(.POST, "/v1/sessions", body: NotesAPI.LoginRequest(username: username, authKey: authKey))
    }

    /// Ends this session on the server: its token no longer works anywhere.
    public func logout() async throws { try await callNoContent(.DELETE, "/v1/sessions/current") }

    /// The signed-in account: name, plan, note count and limit, and its key-derivation parameters.
    public func account() async throws -> NotesAPI.AccountResponse { try await call(.GET, "/v1/account") }

    /// Deletes the account with its notes and shares; `authKey` proves the password again.
    public func deleteAccount(authKey: String) async throws {
        try await callNoContent(.DELETE, "/v1/account", body: NotesAPI.DeleteAccountRequest(authKey: authKey))
    }

    /// Changes the password in one step: the new authentication key and parameters, and either the
    /// account key rewrapped (an account with one) or every note re-sealed under the new encryption
    /// key, replace the old ones together or not at all.
    public func changePassword(_ request: NotesAPI.PasswordChangeRequest) async throws {
        try await callNoContent(.PUT, "/v1/account/password", body: request)
    }
}
