import Crypto
import Foundation

/// An account key sealed under one unlock method's wrapping key (docs/formats/notes.md):
///
/// | offset | size | field |
/// | --- | --- | --- |
/// | 0 | 1 | version `0x01` |
/// | 1 | 12 | nonce, random from the system RNG |
/// | 13 | 32 | AES-256-GCM ciphertext of the 32-byte account key |
/// | 45 | 16 | tag |
///
/// Associated data: `"seqr-account-key-v1" 0x00 <username, UTF-8> 0x00 <kind> 0x00 <method id>`.
///
/// Security contract: the server stores these and never the key inside. It cannot move a
/// wrapped key to another account, relabel it as another kind or give it another method's id:
/// each of those changes the associated data and the open fails. Nor can it make one that
/// opens without the wrapping key, so it cannot plant a key of its choosing. A wrapped key is
/// a guessing target exactly as strong as its wrapping key: for the password, the account's
/// PBKDF2 — the same cost as the authentication key the server receives at every sign-in.
public struct WrappedAccountKey: Sendable, Equatable {
    /// The only version.
    public static let version: UInt8 = 0x01
    /// Every wrapped key is this long: version, nonce, 32-byte key, tag.
    public static let byteCount = 1 + 12 + 32 + 16

    /// The serialized bytes (``byteCount`` of them).
    public let bytes: Data

    /// Checks the length and version; whether it opens is only known with the wrapping key.
    public init(parsing bytes: Data) throws(NotesError) {
        guard bytes.count == Self.byteCount else { throw .malformedWrappedKey(length: bytes.count) }
        guard bytes.first == Self.version else { throw .unsupportedWrappedKeyVersion(bytes.first ?? 0) }
        self.bytes = Data(bytes)
    }

    /// Seals `accountKey` under `wrappingKey` for this account, kind and method id.
    public static func seal(_ accountKey: SymmetricKey, wrappingKey: SymmetricKey, username: String, kind: UnlockMethodKind,
                            methodID: String) -> WrappedAccountKey {
        let plain = accountKey.withUnsafeBytes { Data($0) }
        let box = AEAD.aesGCM.seal(plain, key: wrappingKey, authenticating: associatedData(username: username, kind: kind, methodID: methodID))
        // A freshly sealed box always has the right length and version.
        return try! WrappedAccountKey(parsing: Data([version]) + box)
    }

    /// The account key, or ``NotesError/wrappedKeyDoesNotOpen(_:)`` for a wrong wrapping key, a
    /// changed byte, or a key wrapped for another account, kind or method id.
    public func open(wrappingKey: SymmetricKey, username: String, kind: UnlockMethodKind, methodID: String) throws(NotesError) -> SymmetricKey {
        guard let plain = AEAD.aesGCM.open(bytes.dropFirst(), key: wrappingKey,
                                           authenticating: Self.associatedData(username: username, kind: kind, methodID: methodID)),
              plain.count == 32 else { throw .wrappedKeyDoesNotOpen(kind) }
        return SymmetricKey(data: plain)
    }

    static func associatedData(username: String, kind: UnlockMethodKind, methodID: String) -> Data {
        Data("seqr-account-key-v1".utf8) + [0] + Data(username.utf8) + [0] + Data(kind.rawValue.utf8) + [0] + Data(methodID.utf8)
    }
}
