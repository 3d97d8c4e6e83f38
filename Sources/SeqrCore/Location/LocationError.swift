import Foundation

/// Every way a location fix, share key, link, sealed fix or track file can be refused, one
/// case each (docs/formats/location.md).
public enum LocationError: Error, Equatable, Sendable, CustomStringConvertible {
    // A fix.
    case latitudeOutOfRange(Double)
    case longitudeOutOfRange(Double)
    case badAccuracy(Double)
    case malformedFix

    // Share keys and links.
    case wrongKeyLength(Int)
    case notALink
    case badShareID
    case missingKey
    case badLinkKey

    // Sealed fixes (`seqr-location-v1`) as the server stores them.
    /// A stored fix is not base64.
    case malformedData
    case truncatedFix(length: Int)
    case unsupportedVersion(UInt8)
    /// The wrong key (an old link after a rotation), or a changed or moved fix.
    case authenticationFailed

    // Berry Picker's CryptoJS string (compatibility).
    case badCryptoJSKey
    case malformedCryptoJSString
    /// CBC without authentication cannot tell a wrong key from a changed string.
    case cryptoJSBadPadding
    case cryptoJSNotUTF8

    // Track files.
    case notGPX
    case badGPXPoint(index: Int, reason: String)
    case noNMEASentences

    public var description: String {
        switch self {
        case .latitudeOutOfRange(let v): "latitude \(v) is outside −90…90"
        case .longitudeOutOfRange(let v): "longitude \(v) is outside −180…180"
        case .badAccuracy(let v): "accuracy \(v) m is not a positive distance"
        case .malformedFix: "not a location fix (expected JSON with lat, lon and time)"
        case .wrongKeyLength(let n): "a location key is 32 bytes (seqr-location-v1) or 16 bytes (CryptoJS), not \(n)"
        case .notALink: "not a location share link (expected https://HOST/l/<share id>#k=<key>)"
        case .badShareID: "the link's share id is not 22 base64url characters"
        case .missingKey: "the link has no key: it must end in #k=<key> (copy the whole link)"
        case .badLinkKey: "the link's key is not a 16- or 32-byte base64url key (cut off or mistyped?)"
        case .malformedData: "a stored fix is not base64"
        case .truncatedFix(let n): "location fix truncated (\(n) bytes)"
        case .unsupportedVersion(let v): "location fix of version \(v), only version 1 is read"
        case .authenticationFailed: "wrong share key (rotated or mistyped link), or the fix was altered"
        case .badCryptoJSKey: "the CryptoJS key must be 16 bytes of Base64"
        case .malformedCryptoJSString: "not a CryptoJS location string (Base64 ciphertext followed by a 24-character Base64 IV)"
        case .cryptoJSBadPadding: "cannot decrypt the CryptoJS string: wrong key, or the string was changed (this format cannot tell which)"
        case .cryptoJSNotUTF8: "the decrypted CryptoJS string is not text: wrong key, or the string was changed"
        case .notGPX: "not a GPX file (no <gpx> element)"
        case .badGPXPoint(let i, let reason): "GPX point \(i + 1): \(reason)"
        case .noNMEASentences: "not an NMEA log (no $..RMC or $..GGA sentence)"
        }
    }
}
