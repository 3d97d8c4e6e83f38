import Foundation

/// Reads a `text/event-stream` body (the WHATWG Server-Sent Events format) chunk by chunk: lines end
/// in LF, CRLF or CR; `event:`, `data:` (lines joined by LF) and `id:` fields; lines starting with `:`
/// are comments (heartbeats); a blank line ends an event. An event with no data is not dispatched.
///
/// What it holds, and how long one event may go on, is bounded whatever a server sends: one line
/// (``maxLineLength``) and one event (``maxEventSize``: every line from its first to the blank line
/// that ends it, comments and unknown fields too); a server that goes past either is refused, and
/// the caller drops the connection. (Capping only lines let a hostile server grow one event's data
/// without end; capping only its data let one endless event of `event:`, `id:` or comment lines keep
/// a follower waiting, silent, for ever.)
struct ServerSentEventParser {
    struct Event: Equatable {
        var name: String
        var data: String
        var id: String?
    }

    /// A line longer than this is refused: the server's events are a few kilobytes.
    static let maxLineLength = 256 * 1024
    /// An event whose data grows past this is refused: a fix event is about 400
    /// bytes, so 256 KiB leaves room for any event a newer server might add.
    static let maxEventSize = 256 * 1024

    private let eventLimit: Int
    /// Bytes of the event so far: every line since the last blank one, with its line end.
    private var eventSize = 0

    private var line: [UInt8] = []
    private var skipLF = false
    private var name = ""
    private var data: [String] = []
    private var id: String?

    /// - Parameter maxEventSize: the event cap; smaller in the fuzz target, so that it reaches it.
    init(maxEventSize: Int = Self.maxEventSize) {
        eventLimit = maxEventSize
    }

    /// The events `bytes` completes; throws when a line grows past ``maxLineLength`` or an event past the event cap.
    mutating func feed(_ bytes: some Sequence<UInt8>) throws(ServerClientError) -> [Event] {
        var events: [Event] = []
        for byte in bytes {
            if skipLF {
                skipLF = false
                if byte == 0x0A { continue }
            }
            if byte == 0x0A || byte == 0x0D {
                skipLF = byte == 0x0D
                if let event = try endLine() { events.append(event) }
                continue
            }
            guard line.count < Self.maxLineLength else { throw .badResponse("an event-stream line over \(Self.maxLineLength) bytes") }
            line.append(byte)
        }
        return events
    }

    private mutating func endLine() throws(ServerClientError) -> Event? {
        defer { line.removeAll(keepingCapacity: true) }
        guard !line.isEmpty else {
            defer { name = ""; data = []; eventSize = 0 }
            guard !data.isEmpty else { return nil }
            return Event(name: name.isEmpty ? "message" : name, data: data.joined(separator: "\n"), id: id)
        }
        eventSize += line.count + 1
        guard eventSize <= eventLimit else { throw .badResponse("a live-feed event over \(eventLimit) bytes") }
        guard line.first != UInt8(ascii: ":") else { return nil }
        let text = String(decoding: line, as: UTF8.self)
        let field: Substring
        var value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.first == " " { value = value.dropFirst() }
        } else {
            field = Substring(text)
            value = ""
        }
        switch field {
        case "event": name = String(value)
        case "data": data.append(String(value))
        case "id": if !value.contains("\u{0}") { id = String(value) }
        default: break
        }
        return nil
    }
}
