/// A payload read as text the way the QR standard says and zxing-cpp implements: in the encoding an
/// ECI designator declares, in Shift_JIS for Kanji mode (GB 18030 for Hanzi), and for 8-bit bytes
/// without ECI in the encoding zxing-cpp's detection finds (UTF-8, ISO-8859-1 or Shift_JIS).
public struct SymbolText: Equatable, Sendable {
    public let text: String
    /// The encodings of the blocks that hold more than ASCII, e.g. "Shift_JIS" or "UTF-8", ", "-separated
    /// when there are several; "ASCII" when every byte is ASCII (every candidate reads it alike).
    public let encoding: String
    /// Whether an encoding was guessed (8-bit bytes beyond ASCII without an ECI) rather than declared.
    public let guessed: Bool

    public init(text: String, encoding: String, guessed: Bool) {
        self.text = text
        self.encoding = encoding
        self.guessed = guessed
    }
}
