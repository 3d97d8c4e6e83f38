import Foundation
import NIOCore
import SeqrCore

/// A note as a JSON response body, byte for byte what `JSONEncoder` with sorted keys and
/// ISO 8601 dates writes (a test checks it on random notes), written straight into a
/// `ByteBuffer`. A note read is seqr-server's hottest request, and `JSONEncoder` — generic
/// boxing, `uuidString`, ISO 8601 through `Calendar` — was a fifth of its time.
///
/// The whole body is written in one pass into memory reserved for its worst case: each
/// `ByteBuffer.write…` call checks capacity, uniqueness and exclusivity, and at about seventy
/// small writes per note that bookkeeping cost as much as the encoding itself.
enum NoteResponseJSON {
    static func encode(_ note: NotesAPI.Note) -> ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: 0)
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: worstCaseSize(of: note)) { out in
            var writer = JSONBytesWriter(out)
            writer.write("{\"createdAt\":")
            writer.writeDate(note.createdAt)
            writer.write(",\"format\":")
            writer.writeString(note.format.rawValue)
            writer.write(",\"id\":")
            writer.writeUUID(note.id)
            writer.write(",\"info\":")
            writer.writeBase64(note.info)
            writer.write(",\"kdf\":{\"algorithm\":")
            writer.writeString(note.kdf.algorithm)
            writer.write(",\"iterations\":")
            writer.writeInteger(note.kdf.iterations)
            if let salt = note.kdf.salt {
                writer.write(",\"salt\":")
                writer.writeString(salt)
            }
            writer.write("},\"title\":")
            writer.writeBase64(note.title)
            writer.write(",\"updatedAt\":")
            writer.writeDate(note.updatedAt)
            writer.write(",\"version\":")
            writer.writeInteger(note.version)
            writer.write("}")
            return writer.count
        }
        return buffer
    }

    /// An upper bound on the encoded size: keys and punctuation, 22 bytes per date, 38 for the
    /// id, 21 per integer, 6 per byte of an escaped string (`\u00XX`), and 8 per 3 bytes of
    /// base64 (4 symbols, each `/` doubled by its escape).
    static func worstCaseSize(of note: NotesAPI.Note) -> Int {
        let strings = note.format.rawValue.utf8.count + note.kdf.algorithm.utf8.count + (note.kdf.salt?.utf8.count ?? 0)
        return 160 + 2 * 22 + 38 + 2 * 21 + 3 * 2 + 6 * strings + (note.info.count + 2) / 3 * 8 + (note.title.count + 2) / 3 * 8 + 4
    }
}
