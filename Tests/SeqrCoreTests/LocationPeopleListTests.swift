import Foundation
import SeqrCore
import Testing

/// The lines of a `seqr location follow --people` file (LocationPeopleList); FuzzPeopleList checks
/// the same against a reference reading of the bytes.
@Suite("Location people list")
struct LocationPeopleListTests {
    @Test("lines end in LF or CRLF; blank lines and # comments are skipped; each entry is trimmed and keeps its line number")
    func lines() throws {
        let list = try LocationPeopleList(parsing: Array("\u{FEFF}# pickers\r\n\r\n  Ana=https://a/l/x#k=y  \r\nhttps://b\n#Ben=c\n\tCarla = d\t".utf8))
        #expect(list.entries == [.init(line: 3, text: "Ana=https://a/l/x#k=y"), .init(line: 4, text: "https://b"), .init(line: 6, text: "Carla = d")])
        #expect(try LocationPeopleList(parsing: Array("# only a comment\n\n".utf8)).entries.isEmpty)
    }

    @Test("a file over 64 KiB, not UTF-8, or of more than 50 entries (with the arguments) is refused")
    func limits() throws {
        #expect(throws: LocationPeopleList.Error.tooLarge(bytes: 65 * 1024)) { try LocationPeopleList(parsing: [UInt8](repeating: 0x41, count: 65 * 1024)) }
        #expect(throws: LocationPeopleList.Error.notUTF8) { try LocationPeopleList(parsing: [0x41, 0xFF, 0x0A]) }
        let fifty = Array(String(repeating: "x\n", count: 50).utf8)
        #expect(try LocationPeopleList(parsing: fifty).entries.count == 50)
        #expect(throws: LocationPeopleList.Error.tooManyEntries(maximum: 50)) { try LocationPeopleList(parsing: fifty, alreadyGiven: 1) }
        #expect(throws: LocationPeopleList.Error.tooManyEntries(maximum: 50)) { try LocationPeopleList(parsing: [], alreadyGiven: 51) }
    }

    @Test("NAME=LINK names the person; a '/' or ':' before the '=' (a link or path), or an empty name, does not")
    func names() {
        #expect(LocationPeopleList.nameAndSource(of: "Ana=https://a/l/x#k=y") == ("Ana", "https://a/l/x#k=y"))
        #expect(LocationPeopleList.nameAndSource(of: "https://a/l/x#k=y") == (nil, "https://a/l/x#k=y"))
        #expect(LocationPeopleList.nameAndSource(of: "photos/a=b.png") == (nil, "photos/a=b.png"))
        #expect(LocationPeopleList.nameAndSource(of: "=https://a") == (nil, "=https://a"))
    }
}
