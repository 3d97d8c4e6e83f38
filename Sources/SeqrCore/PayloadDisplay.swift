import Foundation

/// How a payload is shown to a person: as text when it is printable text,
/// otherwise as Base64 so that no byte is lost or mangled by a terminal.
public enum PayloadDisplay: Equatable, Sendable {
    case text(String)
    case binary(base64: String)

    /// Bytes that are text only as UTF-8 (a JWS payload, a link): the text when it is valid UTF-8
    /// without control characters, else their Base64.
    public init<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let data = Data(bytes)
        self.init(data, text: String(data: data, encoding: .utf8).flatMap { PayloadDisplay.isPrintable($0) ? $0 : nil })
    }

    /// Bytes and the text a QR symbol's encodings give them (SeqrQR's verdict, zxing-cpp's rules),
    /// or `nil` when they hold none: the text, unless it holds DEL or a C1 control — the mark of
    /// bytes guessed as ISO-8859-1 — else the bytes. C0 controls a symbol's text segments declared
    /// are kept: JSON escapes them and ``line`` shows them as `\u{…}`.
    public init(_ bytes: Data, text: String?) {
        if let text, !text.unicodeScalars.contains(where: { (0x7F...0x9F).contains($0.value) }) {
            self = .text(text)
        } else {
            self = .binary(base64: bytes.base64EncodedString())
        }
    }

    /// True for text without control characters other than tab, line feed and carriage return.
    public static func isPrintable(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: true
            case 0x00..<0x20, 0x7F, 0x80..<0xA0: false
            default: true
            }
        }
    }

    /// The payload for machine-readable output: the text itself, or `base64:` and the Base64.
    public var exact: String {
        switch self {
        case .text(let text): text
        case .binary(let base64): "base64:" + base64
        }
    }

    /// What a terminal is shown: ``exact`` with lines kept and anything else unprintable escaped
    /// (``DisplayName/escapedLines(_:)``), so a CR cannot overwrite a URL and bidi controls cannot reorder it.
    public var line: String { DisplayName.escapedLines(exact) }
}
