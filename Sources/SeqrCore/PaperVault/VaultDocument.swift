/// The clear-text document: a title and typed content.
///
/// | offset | length | field |
/// | --- | --- | --- |
/// | 0 | 2 | title length t (UInt16 BE) |
/// | 2 | t | title (UTF-8) |
/// | 2 + t | 2 | content type (UInt16 BE) |
/// | 4 + t | rest | content |
public struct VaultDocument: Equatable, Sendable {
    /// What the content is. PaperVault defines only text; Seqr adds raw bytes.
    public enum ContentType: Equatable, Sendable {
        /// UTF-8 text (type 0): the only type the original app reads.
        case text
        /// Any bytes (type 0x5351, "SQ"): Seqr's own; the original app cannot read it.
        case bytes

        /// The type's number in the document's bytes.
        public var rawValue: UInt16 {
            switch self {
            case .text: 0
            case .bytes: 0x5351
            }
        }

        /// The type with this number; nil for types Seqr does not read.
        public init?(rawValue: UInt16) {
            switch rawValue {
            case 0: self = .text
            case 0x5351: self = .bytes
            default: return nil
            }
        }
    }

    /// The title, encrypted with the content.
    public var title: String
    /// Text or bytes.
    public var contentType: ContentType
    /// The document itself.
    public var content: [UInt8]

    /// A document from its parts.
    public init(title: String, contentType: ContentType, content: [UInt8]) {
        self.title = title
        self.contentType = contentType
        self.content = content
    }

    /// A text document, readable by the original PaperVault app.
    public init(title: String, text: String) {
        self.init(title: title, contentType: .text, content: Array(text.utf8))
    }

    /// Bytes that are valid UTF-8 become a text document, anything else a bytes document.
    public init(title: String, contents: [UInt8]) {
        let isText = String(validating: contents, as: UTF8.self) != nil
        self.init(title: title, contentType: isText ? .text : .bytes, content: contents)
    }

    /// The content as text, for text documents.
    public var text: String? {
        contentType == .text ? String(validating: content, as: UTF8.self) : nil
    }

    /// `serialized().count`, without building it.
    public var serializedLength: Int { 4 + storedTitleByteCount + content.count }

    /// The title's UTF-8 bytes as stored: at most 65,535, cut before a character that would cross
    /// that length (a cut inside one would make the restore refuse the title as not UTF-8).
    private var storedTitleByteCount: Int {
        guard title.utf8.count > Int(UInt16.max) else { return title.utf8.count }
        var count = 0
        for scalar in title.unicodeScalars {
            let width = UTF8.width(scalar)
            guard count + width <= Int(UInt16.max) else { break }
            count += width
        }
        return count
    }

    /// The clear-text bytes of the table above (titles over 65,535 bytes are cut at a character boundary).
    public func serialized() -> [UInt8] {
        let titleBytes = Array(title.utf8.prefix(storedTitleByteCount))
        var out: [UInt8] = []
        out.reserveCapacity(4 + titleBytes.count + content.count)
        out.appendBigEndian(UInt16(titleBytes.count))
        out += titleBytes
        out.appendBigEndian(contentType.rawValue)
        out += content  // into the capacity reserved above: one copy of the content, not two
        return out
    }

    /// Reads a decrypted document; text must be UTF-8.
    public init(parsing bytes: [UInt8]) throws(PaperVaultError) {
        var reader = ByteReader(bytes, truncated: PaperVaultError.truncatedDocument)
        let titleBytes = try reader.take(Int(try reader.uint16()))
        guard let title = String(validating: titleBytes, as: UTF8.self) else { throw .titleNotUTF8 }
        let rawType = try reader.uint16()
        guard let type = ContentType(rawValue: rawType) else { throw .unsupportedContentType(rawType) }
        let content = reader.rest()
        if type == .text, String(validating: content, as: UTF8.self) == nil { throw .textNotUTF8 }
        self.init(title: title, contentType: type, content: content)
    }
}
