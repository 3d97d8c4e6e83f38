import Crypto
import Foundation

/// How a share's fixes are encrypted. The key's length tells them apart, so a link alone
/// (``LocationShareLink``) says which one a follower needs.
public enum LocationFormat: String, Codable, Sendable, CaseIterable {
    /// AES-256-GCM, fresh nonce, bound to the share id (``SealedLocationFix``). The default.
    case seqrLocationV1 = "seqr-location-v1"
    /// Berry Picker Tracker's CryptoJS string (``CryptoJSLocationString``): AES-128-CBC,
    /// **unauthenticated**. Only to interoperate.
    case cryptoJS = "cryptojs-aes128cbc"

    /// The key's length in bytes: 32, or 16 for CryptoJS.
    public var keyLength: Int { self == .seqrLocationV1 ? 32 : 16 }
}

/// A share's key: random bytes that reach followers only inside a link's fragment. The server
/// never sees it; ``seal(_:shareID:)`` and ``open(_:shareID:)`` turn fixes into the `data`
/// strings the server stores and back.
public struct LocationShareKey: Sendable, Equatable {
    /// How fixes are sealed under this key.
    public let format: LocationFormat
    /// The key: give it only inside a link's fragment, never to the server.
    public let bytes: Data

    /// A fresh key from the system RNG.
    public static func generate(_ format: LocationFormat = .seqrLocationV1) -> LocationShareKey {
        LocationShareKey(format: format, checkedBytes: SecureRandom.data(format.keyLength))
    }

    /// A key read back from a link or a store; its length decides the format.
    public init(bytes: Data) throws(LocationError) {
        switch bytes.count {
        case 32: self.init(format: .seqrLocationV1, checkedBytes: bytes)
        case 16: self.init(format: .cryptoJS, checkedBytes: bytes)
        default: throw .wrongKeyLength(bytes.count)
        }
    }

    private init(format: LocationFormat, checkedBytes: Data) {
        self.format = format
        self.bytes = checkedBytes
    }

    /// The fix as the server stores it: base64 of ``SealedLocationFix`` bytes, or the CryptoJS string itself.
    public func seal(_ fix: LocationFix, shareID: String) -> String {
        switch format {
        case .seqrLocationV1:
            return SealedLocationFix.seal(fix, shareID: shareID, key: SymmetricKey(data: bytes)).base64EncodedString()
        case .cryptoJS:
            // A cryptoJS key is 16 bytes by construction, all `encrypt` checks.
            return try! CryptoJSLocationString.encrypt(String(decoding: fix.json(), as: UTF8.self), keyBase64: bytes.base64EncodedString())
        }
    }

    /// The fix inside a stored string, or the reason it is not one this key opens.
    public func open(_ data: String, shareID: String) throws(LocationError) -> LocationFix {
        switch format {
        case .seqrLocationV1:
            guard let sealed = Data(base64Encoded: data) else { throw .malformedData }
            return try SealedLocationFix.open(sealed, shareID: shareID, key: SymmetricKey(data: bytes))
        case .cryptoJS:
            let text = try CryptoJSLocationString.decrypt(data, keyBase64: bytes.base64EncodedString())
            return try LocationFix(json: Data(text.utf8))
        }
    }
}
