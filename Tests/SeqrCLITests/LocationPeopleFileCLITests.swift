import Foundation
import SeqrTestSupport
import Testing

/// `seqr location follow --people FILE` reads its lines before it contacts any server, so a bad line
/// is named without one (LocationCLITests follows the good ones against a real server).
@Suite("seqr location follow --people: the file's lines")
struct LocationPeopleFileCLITests {
    static let link = "https://notes.example/l/AAAAAAAAAAAAAAAAAAAAAA#k=" + String(repeating: "A", count: 43)

    // FuzzPeopleList's reference reading found it: "\r\n" is one Character in Swift, so splitting the
    // text on "\n" left a file saved with CRLF line ends (Windows editors) as one line — the first
    // person's link ran into the next line and the whole file was refused as line 1.
    @Test("a file with CRLF line ends is read line by line: a bad line is named by its own number")
    func crlfLines() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Data("# pickers\r\nAna=\(Self.link)\r\nBen=https://notes.example/l/short\r\n".utf8), to: "people.txt")
        let refused = try SeqrBinary.run(["location", "follow", "--people", file, "--once"])
        #expect(refused.status == 65 && refused.stderr.hasPrefix("seqr: \(file):3: "), "\(refused.stderr)")
    }

    @Test("a byte-order mark before the first line is not part of its link")
    func byteOrderMark() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Data("\u{FEFF}\(Self.link)\nBen=https://notes.example/l/short\n".utf8), to: "people.txt")
        let refused = try SeqrBinary.run(["location", "follow", "--people", file, "--once"])
        #expect(refused.status == 65 && refused.stderr.hasPrefix("seqr: \(file):2: "), "\(refused.stderr)")
    }
}
