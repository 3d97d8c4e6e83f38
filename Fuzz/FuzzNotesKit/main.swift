import Foundation
import FuzzSupport
import SeqrCore

// A notes kit's account code (NotesKitAccountCode, docs/formats/notes.md "Paper emergency kit"),
// which `seqr notes recover` reads off the sheets before it checks the tag: whoever changed a
// sheet controls every byte. The first byte picks the mode:
//   0 a code's bytes: one that reads writes back its own bytes, with both strings within the rules,
//     and its tag verifies under the fixed kit exactly when it is that kit's
//   1 a server and a username (a chunk each) printed by the fixed kit: what the kit prints, the
//     recovery reads back to the same code, and the tag verifies
let kit = try! NotesKitKey(bytes: Array(repeating: 9, count: NotesKitKey.byteCount))

func checkStrings(_ code: NotesKitAccountCode) {
    fuzzCheck(!code.server.isEmpty && !code.username.isEmpty, "an empty server or username")
    fuzzCheck(!(code.server + code.username).unicodeScalars.contains { $0.properties.generalCategory == .control }, "a control character")
    fuzzCheck(!code.server.utf8.contains(0x0A) && !code.username.utf8.contains(0x0A), "a line feed inside a line")
    fuzzCheck(code.server.utf8.count + 1 + code.username.utf8.count <= NotesKitAccountCode.maximumTextLength, "over the length limit")
    fuzzCheck(code.tag.count == NotesKitAccountCode.tagLength, "a tag of \(code.tag.count) bytes")
}

runFuzzer { bytes in
    var input = FuzzInput(bytes)
    switch input.byte() % 2 {
    case 0:
        let raw = input.rest()
        guard let code = try? NotesKitAccountCode(parsing: raw) else { return }
        checkStrings(code)
        fuzzCheck(code.serialized() == raw, "an account code writes other bytes than it read: \(raw) → \(code.serialized())")
        let printed = try? NotesKitAccountCode(server: code.server, username: code.username, kit: kit)
        fuzzCheck(printed != nil, "a code that reads cannot be printed by a kit")
        // Bytes, not `==`: Swift compares strings up to canonical equivalence, the tag does not.
        fuzzCheck(((try? kit.verify(code)) != nil) == (printed?.serialized() == raw), "the tag verifies other than the kit prints it")
    default:
        let server = input.string(), username = String(decoding: input.rest(), as: UTF8.self)
        guard let code = try? NotesKitAccountCode(server: server, username: username, kit: kit) else { return }
        checkStrings(code)
        let read = Result { () throws(NotesKitError) in try NotesKitAccountCode(parsing: code.serialized()) }
        fuzzCheck((try? read.get())?.serialized() == code.serialized(), "a printed code reads back as \(read), not itself")
        fuzzCheck((try? kit.verify(code)) != nil, "a printed code's tag does not verify")
    }
}
