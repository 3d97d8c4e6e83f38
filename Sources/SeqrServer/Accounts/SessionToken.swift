import Crypto
import Foundation

/// Bearer session tokens: 32 bytes from the system RNG, base64url on the wire. The server
/// stores and looks up only SHA-256(token), so a copy of the database holds no usable token;
/// the lookup is by an index over hashes, so no comparison ever runs over the secret itself.
public enum SessionToken {
    public static func generate() -> (token: String, hash: Data) {
        let bytes = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
        let token = bytes.base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        return (token, hash(token))
    }

    public static func hash(_ token: String) -> Data {
        var token = token  // withUTF8 may make the storage native and contiguous: a copy, not the caller's
        return token.withUTF8 { Data(SHA256.hash(data: UnsafeRawBufferPointer($0))) }
    }

    /// The token from an `Authorization: Bearer …` header value; nil when malformed.
    public static func fromHeader(_ value: String?) -> String? {
        guard let value, value.hasPrefix("Bearer ") else { return nil }
        let token = value.dropFirst("Bearer ".count)
        guard token.utf8.count == 43, token.utf8.allSatisfy({ byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x5F
        }) else { return nil }
        return String(token)
    }
}
