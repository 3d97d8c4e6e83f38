import Crypto
import Foundation

/// A location fix sealed for a share's followers (`seqr-location-v1`, docs/formats/location.md):
///
/// | offset | size | field |
/// | --- | --- | --- |
/// | 0 | 1 | version, 1 |
/// | 1 | 12 | nonce, random from the system RNG |
/// | 13 | n | AES-256-GCM ciphertext of the fix's JSON, padded with spaces to n = 256 |
/// | 13 + n | 16 | tag |
///
/// The padding hides the plaintext's length, which otherwise tells anyone holding a share id
/// (or the access log) the coordinates' signs and digit counts. Trailing spaces are JSON
/// whitespace, so readers of unpadded fixes (older writers) and the browser's `JSON.parse`
/// read both. A fix's JSON is at most about 170 bytes; a longer one would pad to a multiple of 256.
///
/// Key: the share's random 256-bit key, which travels only in the link's fragment. Associated
/// data: `"seqr-location-v1" 0x00 <share id>`, so the server cannot replay one share's fixes
/// into another.
public enum SealedLocationFix {
    public static let version: UInt8 = 1
    /// Every sealed plaintext is a multiple of this many bytes (exactly this many for any valid fix).
    public static let paddedLength = 256

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case truncated(length: Int)
        case unsupportedVersion(UInt8)
        /// The wrong key (an old link after a rotation), or a changed or moved fix.
        case authenticationFailed

        public var description: String {
            switch self {
            case .truncated(let n): return "location fix truncated (\(n) bytes)"
            case .unsupportedVersion(let v): return "location fix of version \(v), only version 1 is read"
            case .authenticationFailed: return "wrong share key (rotated or mistyped link), or the fix was altered"
            }
        }
    }

    static func associatedData(shareID: String) -> Data { Data("seqr-location-v1\u{0}\(shareID)".utf8) }

    public static func seal(_ fix: LocationFix, shareID: String, key: SymmetricKey) throws -> Data {
        let box = try AES.GCM.seal(padded(fix.json()), using: key, authenticating: associatedData(shareID: shareID))
        // combined is non-nil for the default 12-byte nonce.
        return Data([version]) + box.combined!
    }

    static func padded(_ json: Data) -> Data {
        let length = max(paddedLength, (json.count + paddedLength - 1) / paddedLength * paddedLength)
        return json + Data(repeating: UInt8(ascii: " "), count: length - json.count)
    }

    public static func open(_ sealed: Data, shareID: String, key: SymmetricKey) throws -> LocationFix {
        guard let first = sealed.first else { throw Failure.truncated(length: 0) }
        guard first == version else { throw Failure.unsupportedVersion(first) }
        guard sealed.count >= 1 + 12 + 16 else { throw Failure.truncated(length: sealed.count) }
        let plaintext: Data
        do {
            plaintext = try AES.GCM.open(AES.GCM.SealedBox(combined: sealed.dropFirst()), using: key,
                                         authenticating: associatedData(shareID: shareID))
        } catch {
            throw Failure.authenticationFailed
        }
        return try LocationFix(json: plaintext)
    }
}
