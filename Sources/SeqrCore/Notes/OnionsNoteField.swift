import Crypto
import Foundation

/// One note field as the Onions app stored it (docs/formats/onions.md): the RNCryptor 2.x
/// data format with the app's own key settings, as base64 in 64-character CR LF lines.
///
/// | offset | size | field |
/// | --- | --- | --- |
/// | 0 | 1 | version, 2 |
/// | 1 | 1 | options, 1 = password-based |
/// | 2 | 8 | encryption salt |
/// | 10 | 8 | HMAC salt |
/// | 18 | 16 | IV |
/// | 34 | 16·k | AES-256-CBC ciphertext, PKCS#7 padded |
/// | end − 32 | 32 | HMAC-SHA256 over everything before it |
///
/// Keys: PBKDF2-HMAC-**SHA512**, 10,000 rounds, 32 bytes each, from the password's UTF-8 bytes
/// cut to its UTF-16 length (RNCryptor 2.x's quirk, ``PasswordKDF/Normalization/rncryptor2Cut``).
///
/// Security contract: as ``RNCryptorV3``, the HMAC is checked in constant time before anything
/// is decrypted. This is a compatibility format, read and written for files; Seqr never stores
/// notes on its server this way.
package enum OnionsNoteField {
    package static let version: UInt8 = 2
    /// The app's rounds (`kRNCryptorAES256Settings`).
    package static let iterations = 10_000
    static let headerLength = 34

    static func key(_ password: String, salt: some DataProtocol) -> SymmetricKey {
        PasswordKDF.pbkdf2SHA512(password, .rncryptor2Cut, salt: salt, iterations: iterations)
    }

    /// Encrypts `text` as the app did: fresh salts and IV from the system generator.
    package static func seal(_ text: String, password: String) -> String {
        seal(text, password: password, encryptionSalt: SecureRandom.bytes(8), hmacSalt: SecureRandom.bytes(8), iv: SecureRandom.bytes(16))
    }

    /// Deterministic form, for test vectors only: never reuse salts or IVs.
    package static func seal(_ text: String, password: String, encryptionSalt: [UInt8], hmacSalt: [UInt8], iv: [UInt8]) -> String {
        precondition(encryptionSalt.count == 8 && hmacSalt.count == 8 && iv.count == 16)
        let message = RNCryptorV3.seal(Data(text.utf8), header: [version, 1] + encryptionSalt + hmacSalt + iv, iv: iv,
                                       encryptionKey: key(password, salt: encryptionSalt), hmacKey: key(password, salt: hmacSalt))
        return message.base64EncodedString(options: [.lineLength64Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
    }

    /// The text of a stored field; every character outside the base64 alphabet is ignored, as
    /// the app's reader did.
    package static func open(_ stored: String, password: String) throws(NotesError) -> String {
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=")
        guard let data = Data(base64Encoded: String(stored.filter(alphabet.contains))) else { throw .onionsFieldNotBase64 }
        let bytes = [UInt8](data)
        guard bytes.count >= 2 else { throw .truncatedOnionsField(length: bytes.count) }
        guard bytes[0] == version else { throw .notOnionsField(version: bytes[0]) }
        guard bytes[1] == 1 else { throw .unsupportedRNCryptorOptions(bytes[1]) }
        guard bytes.count >= headerLength + 16 + 32 else { throw .truncatedOnionsField(length: bytes.count) }
        let plaintext: Data
        do {
            plaintext = try RNCryptorV3.open(bytes, headerLength: headerLength,
                                             encryptionKey: key(password, salt: bytes[2..<10]), hmacKey: key(password, salt: bytes[10..<18]))
        } catch {
            throw error == .rncryptorAuthenticationFailed ? .onionsAuthenticationFailed : error
        }
        guard let text = String(data: plaintext, encoding: .utf8) else { throw .notUTF8 }
        return text
    }
}
