import Crypto
import Foundation

/// One secret of the local store sealed under the ``StoreSecretsKey``
/// (docs/formats/local-store.md).
///
/// | offset | length | field |
/// | ---: | ---: | --- |
/// | 0 | 4 | magic `SQSS` |
/// | 4 | 1 | version, 1 |
/// | 5 | 12 | nonce, random (system generator) |
/// | 17 | n | ChaCha20-Poly1305 ciphertext of the secret |
/// | 17 + n | 16 | tag |
///
/// The associated data is `seqr-store-secret-v1` ‖ 0x00 ‖ purpose ‖ 0x00 ‖ row key, so a sealed
/// secret copied into another row or column of the store does not open there. A clear secret
/// written before sealing existed (32 random bytes, or a token of base64url characters) can
/// never be mistaken for this form: see ``isSealed(_:)``.
package struct SealedStoreSecret: Equatable, Sendable {
    package static let magic: [UInt8] = Array("SQSS".utf8)
    package static let version: UInt8 = 1
    static let headerLength = 4 + 1 + 12
    static let tagLength = 16

    package let nonce: [UInt8]
    package let ciphertextAndTag: [UInt8]

    /// Seals `secret` for the row `rowKey` of `purpose` (for example `channel.secret`).
    package init(sealing secret: some DataProtocol, key: StoreSecretsKey, purpose: String, rowKey: String) {
        let nonce = ChaChaPoly.Nonce()
        // Sealing with a fresh nonce and a 32-byte key cannot fail.
        let box = try! ChaChaPoly.seal(Data(secret), using: key.key, nonce: nonce,
                                       authenticating: Self.associatedData(purpose: purpose, rowKey: rowKey))
        self.nonce = Array(nonce)
        ciphertextAndTag = Array(box.ciphertext + box.tag)
    }

    package init(parsing bytes: some DataProtocol) throws(StoreSecretError) {
        let bytes = [UInt8](bytes)
        guard bytes.count >= Self.headerLength + Self.tagLength, Array(bytes.prefix(4)) == Self.magic else { throw .notSealed }
        guard bytes[4] == Self.version else { throw .unknownVersion(bytes[4]) }
        nonce = Array(bytes[5..<Self.headerLength])
        ciphertextAndTag = Array(bytes[Self.headerLength...])
    }

    /// Whether stored bytes are in this form rather than a clear secret from before sealing.
    package static func isSealed(_ bytes: some DataProtocol) -> Bool {
        bytes.count >= headerLength + tagLength && Array(bytes.prefix(4)) == magic
    }

    package func serialized() -> [UInt8] { Self.magic + [Self.version] + nonce + ciphertextAndTag }

    /// The secret; ``StoreSecretError/authenticationFailed`` for a wrong key, a changed byte or
    /// another row's secret.
    package func open(key: StoreSecretsKey, purpose: String, rowKey: String) throws(StoreSecretError) -> [UInt8] {
        do {
            let body = ciphertextAndTag
            let box = try ChaChaPoly.SealedBox(nonce: ChaChaPoly.Nonce(data: nonce),
                                               ciphertext: body.dropLast(Self.tagLength), tag: body.suffix(Self.tagLength))
            return Array(try ChaChaPoly.open(box, using: key.key, authenticating: Self.associatedData(purpose: purpose, rowKey: rowKey)))
        } catch {
            throw .authenticationFailed
        }
    }

    static func associatedData(purpose: String, rowKey: String) -> Data {
        Data("seqr-store-secret-v1".utf8) + [0] + Data(purpose.utf8) + [0] + Data(rowKey.utf8)
    }
}

/// A text secret (the notes session token) in a text column: `sqss:` and the base64 of the
/// ``SealedStoreSecret``. Tokens are base64url, which has no `:`.
extension SealedStoreSecret {
    package static let textPrefix = "sqss:"

    package init(parsingText text: String) throws(StoreSecretError) {
        guard text.hasPrefix(Self.textPrefix), let bytes = Data(base64Encoded: String(text.dropFirst(Self.textPrefix.count))) else {
            throw .notSealed
        }
        try self.init(parsing: bytes)
    }

    package func serializedText() -> String { Self.textPrefix + Data(serialized()).base64EncodedString() }
}
