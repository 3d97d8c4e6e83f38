import Crypto
import _CryptoExtras
import Foundation

/// Berry Picker Tracker's stored string, byte-exact (compatibility only, docs/formats/location.md):
/// `CryptoES.AES.encrypt(text, key, {iv})` with a 16-byte key given as a WordArray — AES-128-CBC,
/// PKCS#7, no KDF — whose default string form is the Base64 of the ciphertext; the app appends
/// the Base64 of the 16-byte IV (always 24 characters ending in `==`). The key is shared as Base64.
///
/// **Unauthenticated**: CBC without a MAC. A changed string decrypts to garbage or fails only by
/// chance at the padding; nothing proves who wrote it. Use it to interoperate, never by default.
public enum CryptoJSLocationString {
    /// A new random 128-bit key, as Base64 (how Berry Picker shares it).
    public static func generateKey() -> String { SecureRandom.data(16).base64EncodedString() }

    static func key(_ base64: String) throws(LocationError) -> SymmetricKey {
        guard let bytes = Data(base64Encoded: base64), bytes.count == 16 else { throw .badCryptoJSKey }
        return SymmetricKey(data: bytes)
    }

    /// Encrypts as Berry Picker does, with a random IV unless one is given (test vectors only).
    /// Unauthenticated: see above.
    public static func encrypt(_ text: String, keyBase64: String, iv: [UInt8]? = nil) throws(LocationError) -> String {
        let iv = iv ?? SecureRandom.bytes(16)
        precondition(iv.count == 16)
        let key = try key(keyBase64)
        // A 16-byte IV and a 16-byte key are all CBC can refuse.
        let ciphertext = try! AES._CBC.encrypt(Data(text.utf8), using: key, iv: AES._CBC.IV(ivBytes: iv))
        return ciphertext.base64EncodedString() + Data(iv).base64EncodedString()
    }

    /// Decrypts a Berry Picker string. A wrong key or a changed string usually fails at the padding, but
    /// may decrypt to other bytes: the result is checked as a fix afterwards, never trusted.
    public static func decrypt(_ string: String, keyBase64: String) throws(LocationError) -> String {
        let key = try key(keyBase64)
        guard string.count >= 48, string.hasSuffix("==") else { throw .malformedCryptoJSString }
        let split = string.index(string.endIndex, offsetBy: -24)
        guard let ivBytes = Data(base64Encoded: String(string[split...])), ivBytes.count == 16,
              let ciphertext = Data(base64Encoded: String(string[..<split])), !ciphertext.isEmpty, ciphertext.count % 16 == 0 else {
            throw .malformedCryptoJSString
        }
        let plaintext: Data
        do {
            plaintext = try AES._CBC.decrypt(ciphertext, using: key, iv: AES._CBC.IV(ivBytes: ivBytes))
        } catch {
            throw .cryptoJSBadPadding
        }
        guard let text = String(data: plaintext, encoding: .utf8) else { throw .cryptoJSNotUTF8 }
        return text
    }
}
