/// How the payload's bytes are put into segments.
public enum QRSegmentation: String, Sendable, CaseIterable {
    /// Text (valid UTF-8 without NUL) may use numeric and alphanumeric segments,
    /// which are smaller; anything else is 8-bit. The decoded bytes are the same either way.
    case automatic
    /// A single 8-bit segment, byte for byte.
    case binary
}
