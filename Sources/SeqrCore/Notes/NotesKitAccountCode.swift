import Foundation

/// The second code on each sheet of a notes kit: which server and account the kit unlocks, so
/// that the sheets alone are enough to recover (docs/formats/notes.md, "Paper emergency kit").
///
/// | offset | size | field |
/// | --- | --- | --- |
/// | 0 | 2 | magic `NK` |
/// | 2 | 1 | version `0x01` |
/// | 3 | n | UTF-8 `<server URL> 0x0A <username>`, n ≤ 512 |
/// | 3 + n | 16 | tag: HMAC-SHA256 of bytes 0 ..< 3 + n under the kit's account-code key, first 16 bytes |
///
/// Security contract: not secret, but authenticated by the kit itself (``NotesKitKey/verify(_:)``):
/// the recovery checks the tag once the sheets are combined and before anything is sent, so a code
/// changed by someone holding fewer sheets than the kit needs (to send the kit's sign-in key to a
/// server of theirs, which could then sign in to the real one) is refused.
public struct NotesKitAccountCode: Sendable, Equatable {
    public static let magic: [UInt8] = Array("NK".utf8)
    public static let version: UInt8 = 1
    public static let maximumTextLength = 512
    public static let tagLength = 16

    public let server: String
    public let username: String
    /// Authenticates magic, version, server and username under the kit (`NotesKitKey.accountCodeTag(for:)`).
    public let tag: [UInt8]

    /// The code a kit prints: both strings checked, tagged by `kit`.
    public init(server: String, username: String, kit: NotesKitKey) throws(NotesKitError) {
        let untagged = try NotesKitAccountCode(server: server, username: username, tag: [])
        self = try NotesKitAccountCode(server: server, username: username, tag: kit.accountCodeTag(for: untagged.signedBytes))
    }

    /// Checks both strings: no control characters, and within the length limit together.
    private init(server: String, username: String, tag: [UInt8]) throws(NotesKitError) {
        guard !server.isEmpty, !username.isEmpty else { throw .malformedAccountCode("an empty server or username") }
        guard !(server + username).unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .malformedAccountCode("a control character")
        }
        guard server.utf8.count + 1 + username.utf8.count <= Self.maximumTextLength else {
            throw .malformedAccountCode("longer than \(Self.maximumTextLength) bytes")
        }
        self.server = server
        self.username = username
        self.tag = tag
    }

    /// The bytes the tag authenticates.
    var signedBytes: [UInt8] { Self.magic + [Self.version] + Array(server.utf8) + [0x0A] + Array(username.utf8) }

    /// The code's bytes.
    public func serialized() -> [UInt8] { signedBytes + tag }

    /// Parses a code; ``NotesKitError/malformedAccountCode(_:)`` for anything but version 1 with two valid lines.
    public init(parsing bytes: [UInt8]) throws(NotesKitError) {
        guard bytes.starts(with: Self.magic) else { throw .malformedAccountCode("no NK magic") }
        guard bytes.count > 2, bytes[2] == Self.version else { throw .malformedAccountCode("version \(bytes.count > 2 ? bytes[2] : 0), this seqr reads 1") }
        guard bytes.count >= 3 + 3 + Self.tagLength else { throw .malformedAccountCode("too short") }
        let text = bytes[3 ..< bytes.count - Self.tagLength]
        guard text.count <= Self.maximumTextLength else { throw .malformedAccountCode("longer than \(Self.maximumTextLength) bytes") }
        let parts = text.split(separator: 0x0A, omittingEmptySubsequences: false)
        // String(validating:), not String(bytes:encoding:): Foundation's drops a leading byte-order mark,
        // so a code whose server or username began with one read back as another, whose tag never verified.
        guard parts.count == 2, let server = String(validating: parts[0], as: UTF8.self),
              let username = String(validating: parts[1], as: UTF8.self) else {
            throw .malformedAccountCode("not two lines of UTF-8")
        }
        try self.init(server: server, username: username, tag: Array(bytes.suffix(Self.tagLength)))
    }
}
