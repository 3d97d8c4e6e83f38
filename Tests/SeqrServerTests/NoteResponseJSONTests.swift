import Foundation
import NIOCore
import SeqrCore
@testable import SeqrServer
import Testing

@Suite("The hand-written note response JSON")
struct NoteResponseJSONTests {
    static func randomNote(salt: String?, date: Date, titleLength: Int = Int.random(in: 1...100)) -> NotesAPI.Note {
        func bytes(_ count: Int) -> Data { Data((0..<count).map { _ in UInt8.random(in: 0...255) }) }
        return NotesAPI.Note(id: UUID(), title: bytes(titleLength), info: bytes(Int.random(in: 1...3000)),
                             format: NoteFormat.allCases.randomElement()!, kdf: NoteKDF(algorithm: "pbkdf2-sha256", iterations: Int.random(in: 1...5_000_000), salt: salt),
                             version: Int.random(in: 1...1_000_000), createdAt: date, updatedAt: date.addingTimeInterval(Double.random(in: 0...1e8)))
    }

    @Test("byte for byte what JSONEncoder writes (sorted keys, ISO 8601), on random notes, odd strings and dates")
    func sameBytesAsJSONEncoder() throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .sortedKeys
        let salts: [String?] = [nil, "", "a/b+c==", "quote \" backslash \\ slash / tab \t newline \n bell \u{7} nul \u{0}", "ünïcødé ✓ 🔑"]
        let dates = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_795_000_000.999), Date(timeIntervalSince1970: 951_782_400.5),
                     Date(timeIntervalSince1970: 4_102_444_799.75)] + (0..<50).map { _ in Date(timeIntervalSince1970: Double.random(in: 0...4e9)) }
        for (index, date) in dates.enumerated() {
            // Titles of 0 to 5 bytes first: base64 with no, one and two padding characters.
            var note = Self.randomNote(salt: salts[index % salts.count], date: date, titleLength: index < 6 ? index : Int.random(in: 1...100))
            // Integers at the edges of their range on some notes: sign, zero, twenty characters.
            let edges = [0, -1, 9, 10, Int.max, Int.min]
            if index < edges.count * 2 {
                note.kdf.iterations = edges[index % edges.count]
                note.version = edges[(index + 1) % edges.count]
            }
            let ours = NoteResponseJSON.encode(note)
            #expect(ours.readableBytes <= NoteResponseJSON.worstCaseSize(of: note))
            let theirs = try encoder.encode(note)
            #expect(Data(buffer: ours) == theirs, "\(String(buffer: ours)) vs \(String(decoding: theirs, as: UTF8.self))")
        }
    }
}
