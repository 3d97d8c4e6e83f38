import Foundation

/// One CBOR data item (RFC 8949) of the kinds WebAuthn's attestation objects and COSE keys use.
/// Maps keep their keys as read; the reader refuses duplicates.
public indirect enum CBORValue: Sendable, Hashable {
    case unsigned(UInt64)
    /// -1 - n, as CBOR major type 1 stores it.
    case negative(UInt64)
    case bytes(Data)
    case text(String)
    case array([CBORValue])
    case map([CBORValue: CBORValue])
    case bool(Bool)
    case null
    case undefined

    /// An integer that fits in Int64, else nil.
    public var integer: Int64? {
        switch self {
        case .unsigned(let n): n <= UInt64(Int64.max) ? Int64(n) : nil
        case .negative(let n): n <= UInt64(Int64.max) ? -1 - Int64(n) : nil
        default: nil
        }
    }

    public var byteString: Data? { if case .bytes(let data) = self { data } else { nil } }
    public var textString: String? { if case .text(let text) = self { text } else { nil } }
    public var mapEntries: [CBORValue: CBORValue]? { if case .map(let map) = self { map } else { nil } }

    /// The value under an integer key of a map (COSE labels).
    public subscript(label: Int64) -> CBORValue? {
        mapEntries?[label >= 0 ? .unsigned(UInt64(label)) : .negative(UInt64(-1 - label))]
    }

    /// The value under a text key of a map.
    public subscript(key: String) -> CBORValue? { mapEntries?[.text(key)] }
}
