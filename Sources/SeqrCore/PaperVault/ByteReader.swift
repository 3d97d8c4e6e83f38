/// Reads big-endian fields from a byte buffer, failing with the caller's error when
/// the buffer runs out, so that no parser ever indexes past the end.
struct ByteReader<Failure: Error> {
    private let bytes: ArraySlice<UInt8>
    private var offset: Int
    private let truncated: Failure

    init(_ bytes: [UInt8], truncated: Failure) {
        self.bytes = bytes[...]
        self.offset = bytes.startIndex
        self.truncated = truncated
    }

    var remaining: Int { bytes.endIndex - offset }

    mutating func uint8() throws(Failure) -> UInt8 { try take(1)[0] }

    mutating func uint16() throws(Failure) -> UInt16 {
        let b = try take(2)
        return UInt16(b[0]) << 8 | UInt16(b[1])
    }

    mutating func uint32() throws(Failure) -> UInt32 {
        let b = try take(4)
        return b.reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func take(_ count: Int) throws(Failure) -> [UInt8] {
        guard count >= 0, remaining >= count else { throw truncated }
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    mutating func rest() -> [UInt8] {
        defer { offset = bytes.endIndex }
        return Array(bytes[offset...])
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt16) {
        append(UInt8(value >> 8))
        append(UInt8(value & 0xFF))
    }

    mutating func appendBigEndian(_ value: UInt32) {
        for shift in stride(from: 24, through: 0, by: -8) { append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }
}
