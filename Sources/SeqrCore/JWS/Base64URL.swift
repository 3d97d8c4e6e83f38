import Foundation

/// Base64url without padding (RFC 4648 §5), as JOSE uses it; decoding is strict.
public enum Base64URL {
    /// Base64url (RFC 4648 §5) without padding, as JWS writes it.
    public static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The bytes, or nil for anything but the canonical unpadded base64url of some bytes.
    ///
    /// Canonical: the unused low bits of the last character must be zero (RFC 4648 §3.5), so
    /// each byte string has exactly one encoding. Otherwise "AB" and "AA" would both decode to
    /// `0x00`, and one signed JWS could be written several ways — a replay or deduplication
    /// check keyed on the text would then see different tokens for one signature.
    public static func decode(_ text: some StringProtocol) -> Data? {
        guard text.utf8.allSatisfy({ byte in
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x5F
        }), text.utf8.count % 4 != 1 else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        guard let bytes = Data(base64Encoded: base64) else { return nil }
        // 2 or 3 characters in the last group leave 4 or 2 bits unused; they must be zero.
        let count = text.utf8.count
        if count % 4 != 0, let last = text.utf8.dropFirst(count - 1).first {
            let unusedBits: UInt8 = count % 4 == 2 ? 0b1111 : 0b11
            guard sextet(last) & unusedBits == 0 else { return nil }
        }
        return bytes
    }

    private static func sextet(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 0x41...0x5A: byte - 0x41
        case 0x61...0x7A: byte - 0x61 + 26
        case 0x30...0x39: byte - 0x30 + 52
        case 0x2D: 62
        default: 63
        }
    }
}
