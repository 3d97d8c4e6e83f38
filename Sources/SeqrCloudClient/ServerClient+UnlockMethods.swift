import Foundation
import SeqrCore

/// The account key's wrapped copies, one per unlock method: the client wraps and unwraps
/// (``WrappedAccountKey``); the server stores ciphertext only.
extension ServerClient {
    /// The account key's label and wrapped copies; `noteKDF` nil: the account has no account key yet.
    public func unlockMethods() async throws -> NotesAPI.UnlockMethodList { try await call(.GET, "/v1/account/unlock-methods") }

    /// Adds a passkey's or a kit's wrapped copy (the password's is replaced by a password change).
    public func addUnlockMethod(_ method: NotesAPI.NewUnlockMethod) async throws -> NotesAPI.UnlockMethod {
        try await call(.POST, "/v1/account/unlock-methods", body: method)
    }

    /// Removes an unlock method; the server refuses the password (409 `last_password`).
    public func removeUnlockMethod(id: String) async throws {
        let path = id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? id
        try await callNoContent(.DELETE, "/v1/account/unlock-methods/\(path)")
    }

    /// Moves an account made before account keys over, in one step: its password-derived encryption
    /// key becomes the account key, wrapped for the password. `authKey` proves the password.
    public func createAccountKey(_ request: NotesAPI.CreateAccountKeyRequest) async throws -> NotesAPI.UnlockMethodList {
        try await call(.POST, "/v1/account/key", body: request)
    }
}
