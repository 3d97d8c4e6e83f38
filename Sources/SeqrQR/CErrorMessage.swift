/// The message a C shim wrote into a fixed-size, NUL-terminated buffer.
func cErrorMessage(_ buffer: [CChar], fallback: String = "unknown error") -> String {
    let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return text.isEmpty ? fallback : text
}

/// The text of a fixed-size, NUL-terminated C `char` array field (imported as a tuple).
func cString<Tuple>(_ field: Tuple) -> String {
    withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
}
