import Foundation
import SeqrCore

/// The paper emergency kit's calls (docs/formats/notes.md, "Paper emergency kit"). The kit key
/// stays on the client: the server receives the kit's wrapped account key and, to sign in, its
/// authentication key (``NotesKitKey``).
extension ServerClient {
    /// Stores a new kit, revoking every older one; `authKey` proves the password.
    public func replaceKit(_ request: NotesAPI.ReplaceKitRequest) async throws -> NotesAPI.UnlockMethod {
        try await call(.PUT, "/v1/account/kit", body: request)
    }

    /// Signs in with a kit instead of the password.
    public func kitLogin(username: String, kitAuthKey: String) async throws -> NotesAPI.SessionResponse {
        try await call(.POST, "/v1/sessions/kit", body: NotesAPI.KitLoginRequest(username: username, kitAuthKey: kitAuthKey))
    }

    /// Sets a new password proving the kit: the account key rewrapped, no note touched, other sessions ended.
    public func resetPasswordWithKit(_ request: NotesAPI.KitPasswordResetRequest) async throws {
        try await callNoContent(.PUT, "/v1/account/password/kit", body: request)
    }
}
