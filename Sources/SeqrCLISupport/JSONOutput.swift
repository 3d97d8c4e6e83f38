import Foundation

/// Every `--json` of the command line, and every JSON file it writes, in one shape: keys
/// sorted (so scripts and diffs see a stable order), slashes unescaped, dates ISO 8601.
public enum JSONOutput {
    /// Indented, or one object per line (for streams such as `seqr location follow --json`).
    public static func encode<T: Encodable>(_ value: T, pretty: Bool = true) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(value)
    }

    /// The same shape for values only known at run time (a verified token's JSON payload);
    /// dates in them must already be ISO 8601 strings.
    public static func encode(jsonObject: Any, pretty: Bool = true) throws -> Data {
        try JSONSerialization.data(withJSONObject: jsonObject,
                                   options: pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes])
    }

    /// `value` and a newline on standard output.
    public static func print<T: Encodable>(_ value: T, pretty: Bool = true) throws {
        StandardStreams.write(try encode(value, pretty: pretty) + Data("\n".utf8))
    }

    public static func print(jsonObject: Any, pretty: Bool = true) throws {
        StandardStreams.write(try encode(jsonObject: jsonObject, pretty: pretty) + Data("\n".utf8))
    }
}
