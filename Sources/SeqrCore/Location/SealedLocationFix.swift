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
    /// The format's version byte.
    public static let version: UInt8 = 1
    /// Every sealed plaintext is a multiple of this many bytes (exactly this many for any valid fix).
    public static let paddedLength = 256

    static func associatedData(shareID: String) -> Data { Data("seqr-location-v1\u{0}\(shareID)".utf8) }

    /// Seals `fix` for the share `shareID` with a fresh random nonce.
    public static func seal(_ fix: LocationFix, shareID: String, key: SymmetricKey) -> Data {
        Data([version]) + AEAD.aesGCM.seal(padded(fix.json()), key: key, authenticating: associatedData(shareID: shareID))
    }

    static func padded(_ json: Data) -> Data {
        let length = max(paddedLength, (json.count + paddedLength - 1) / paddedLength * paddedLength)
        return json + Data(repeating: UInt8(ascii: " "), count: length - json.count)
    }

    /// Opens a sealed fix of `shareID`: a fix of another share, another key or a changed byte fails
    /// with ``LocationError/authenticationFailed``; nothing is returned unverified.
    public static func open(_ sealed: Data, shareID: String, key: SymmetricKey) throws(LocationError) -> LocationFix {
        guard let first = sealed.first else { throw .truncatedFix(length: 0) }
        guard first == version else { throw .unsupportedVersion(first) }
        guard sealed.count >= 1 + AEAD.overhead else { throw .truncatedFix(length: sealed.count) }
        guard let plaintext = AEAD.aesGCM.open(sealed.dropFirst(), key: key, authenticating: associatedData(shareID: shareID)) else {
            throw .authenticationFailed
        }
        return try LocationFix(json: plaintext)
    }
}
