/// Where a symbol's payload switches encoding, as the symbol states it (zxing-cpp's content
/// blocks): ECI designators, or without any ECI the mode (Kanji: Shift_JIS, Hanzi: GB 18030) and
/// 8-bit bytes, whose encoding the reader guesses. Payload bytes carry none of this.
public struct TextEncodingBlocks: Equatable, Hashable, Sendable {
    public struct Block: Equatable, Hashable, Sendable {
        /// The ECI value (ISO/IEC 15424), or -1: unknown (8-bit bytes without ECI).
        public let eci: Int32
        /// The byte offset in the payload where the block starts.
        public let position: Int

        public init(eci: Int32, position: Int) {
            self.eci = eci
            self.position = position
        }
    }

    public let blocks: [Block]
    /// Whether the blocks are ECI designators (then every block is one).
    public let fromECI: Bool

    /// Nothing stated: one block of unknown encoding (a reader that gives bytes only).
    public static let unstated = TextEncodingBlocks(blocks: [], fromECI: false)

    public init(blocks: [Block], fromECI: Bool) {
        self.blocks = blocks
        self.fromECI = fromECI
    }

    /// The blocks of a payload with `other`'s payload appended after `byteCount` bytes, as
    /// zxing-cpp joins a structured-append sequence (`Content::append`): once one part declares an
    /// ECI, the other parts' mode blocks no longer count.
    func appending(_ other: TextEncodingBlocks, after byteCount: Int) -> TextEncodingBlocks {
        var blocks = !fromECI && other.fromECI ? [] : self.blocks
        if other.fromECI || !fromECI {
            blocks += other.blocks.map { Block(eci: $0.eci, position: $0.position + byteCount) }
        }
        return TextEncodingBlocks(blocks: blocks, fromECI: fromECI || other.fromECI)
    }
}
