import Foundation

/// The ways a notes account's key can be unwrapped (docs/formats/notes.md, "Account key").
/// The kind is bound into each wrapped key's associated data, so a key wrapped for one kind
/// does not open as another.
public enum UnlockMethodKind: String, Codable, Sendable, CaseIterable {
    /// The account password: the wrapping key comes from the same PBKDF2 as the authentication key.
    case password
    /// A WebAuthn passkey with the PRF extension.
    case passkey
    /// A paper kit of key sheets.
    case kit
}
