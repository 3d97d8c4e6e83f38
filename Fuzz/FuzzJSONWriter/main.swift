import Foundation
import FuzzSupport
import NIOCore
import SeqrCore

// Differential: seqr-server's hand-written note JSON (JSONBytesWriter, NoteResponseJSON,
// compiled into this target from Sources/SeqrServer by symlink) against JSONEncoder, on notes
// built from the input, over the values the server can hold (dates from 1970 to 2106).
let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = .sortedKeys
    return encoder
}()

runFuzzer { bytes in
    var input = FuzzInput(bytes)
    let id = UUID(uuid: (input.byte(), input.byte(), input.byte(), input.byte(), input.byte(), input.byte(), input.byte(), input.byte(),
                         input.byte(), input.byte(), input.byte(), input.byte(), input.byte(), input.byte(), input.byte(), input.byte()))
    func date() -> Date { Date(timeIntervalSince1970: Double(input.uint32()) + Double(input.uint16()) / 65536) }
    func integer() -> Int { Int(truncatingIfNeeded: UInt64(input.uint32()) << 32 | UInt64(input.uint32())) }
    let flags = input.byte()
    let kdf = NoteKDF(algorithm: input.string(), iterations: integer(), salt: flags & 2 == 0 ? nil : input.string())
    let note = NotesAPI.Note(
        id: id, title: Data(input.chunk()), info: Data(input.longChunk()), format: flags & 1 == 0 ? .seqrAEAD : .rncryptor,
        kdf: kdf, version: integer(), createdAt: date(), updatedAt: date())
    let ours = NoteResponseJSON.encode(note)
    fuzzCheck(ours.readableBytes <= NoteResponseJSON.worstCaseSize(of: note), "within the worst-case size")
    let theirs = try! encoder.encode(note)
    fuzzCheck(Data(ours.readableBytesView) == theirs, "\(String(decoding: ours.readableBytesView, as: UTF8.self)) != \(String(decoding: theirs, as: UTF8.self))")
}
