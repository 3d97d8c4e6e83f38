import Foundation

/// Reads CBOR (RFC 8949) from untrusted bytes: bounded in depth, item count and length, and
/// strict — indefinite lengths, tags, floats and duplicate map keys are refused with
/// ``WebAuthnError/malformedCBOR(_:)``, never a crash. CTAP2 writes none of them.
public struct CBORReader {
    /// Nesting deeper than this is refused: a COSE key is 2 deep, an attestation object 3.
    public static let maximumDepth = 16
    /// Items in one read (all levels together): bounds the work a hostile input can cause.
    public static let maximumItems = 4096

    private let bytes: [UInt8]
    /// Where the next item starts.
    public private(set) var offset: Int
    private var items = 0

    /// A reader of `bytes` from `offset`; an offset outside them makes every read throw ``WebAuthnError/malformedCBOR(_:)``.
    public init(_ bytes: some Collection<UInt8>, offset: Int = 0) {
        self.bytes = Array(bytes)
        self.offset = offset
    }

    /// The whole input as one item; bytes left over are refused.
    public static func decode(_ bytes: some Collection<UInt8>) throws(WebAuthnError) -> CBORValue {
        var reader = CBORReader(bytes)
        let value = try reader.read()
        guard reader.offset == reader.bytes.count else { throw .malformedCBOR("\(reader.bytes.count - reader.offset) bytes after the item") }
        return value
    }

    /// The next item; ``offset`` then points past it.
    public mutating func read() throws(WebAuthnError) -> CBORValue {
        try read(depth: 0)
    }

    private mutating func byte() throws(WebAuthnError) -> UInt8 {
        // An offset given outside the bytes reads as the end: refused, never a trap.
        guard offset >= 0, offset < bytes.count else { throw .malformedCBOR("truncated") }
        defer { offset += 1 }
        return bytes[offset]
    }

    private mutating func take(_ count: UInt64) throws(WebAuthnError) -> ArraySlice<UInt8> {
        guard offset >= 0, offset <= bytes.count, count <= UInt64(bytes.count - offset) else { throw .malformedCBOR("a length of \(count) runs past the end") }
        let end = offset + Int(count)
        defer { offset = end }
        return bytes[offset..<end]
    }

    private mutating func argument(_ info: UInt8) throws(WebAuthnError) -> UInt64 {
        switch info {
        case 0...23: return UInt64(info)
        case 24...27:
            var value: UInt64 = 0
            for byte in try take(1 << (info - 24)) { value = value << 8 | UInt64(byte) }
            return value
        case 31: throw .malformedCBOR("indefinite length")
        default: throw .malformedCBOR("reserved additional information \(info)")
        }
    }

    private mutating func read(depth: Int) throws(WebAuthnError) -> CBORValue {
        guard depth <= Self.maximumDepth else { throw .malformedCBOR("nested deeper than \(Self.maximumDepth)") }
        items += 1
        guard items <= Self.maximumItems else { throw .malformedCBOR("more than \(Self.maximumItems) items") }
        let initial = try byte()
        let major = initial >> 5, info = initial & 0x1F
        switch major {
        case 0: return .unsigned(try argument(info))
        case 1: return .negative(try argument(info))
        case 2: return .bytes(Data(try take(try argument(info))))
        case 3:
            guard let text = String(validating: try take(try argument(info)), as: UTF8.self) else { throw .malformedCBOR("text that is not UTF-8") }
            return .text(text)
        case 4:
            let count = try argument(info)
            // Each item takes at least one byte: a count beyond what is left is a lie, refused before any work.
            guard count <= UInt64(bytes.count - offset) else { throw .malformedCBOR("an array of \(count) items runs past the end") }
            var array: [CBORValue] = []
            for _ in 0..<count { array.append(try read(depth: depth + 1)) }
            return .array(array)
        case 5:
            let count = try argument(info)
            guard count <= UInt64(bytes.count - offset) / 2 else { throw .malformedCBOR("a map of \(count) entries runs past the end") }
            var map: [CBORValue: CBORValue] = [:]
            for _ in 0..<count {
                let key = try read(depth: depth + 1)
                let value = try read(depth: depth + 1)
                guard map.updateValue(value, forKey: key) == nil else { throw .malformedCBOR("a duplicate map key") }
            }
            return .map(map)
        case 6: throw .malformedCBOR("a tag")
        default:
            switch info {
            case 20: return .bool(false)
            case 21: return .bool(true)
            case 22: return .null
            case 23: return .undefined
            default: throw .malformedCBOR("a float or simple value \(info)")
            }
        }
    }
}
