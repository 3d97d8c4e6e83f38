import Foundation
import SeqrTestSupport
import Testing

/// The CLI's side of ServerClient's transport rule (Tests/SeqrServerTests/ClientTransportTests).
@Suite("seqr client transport")
struct ClientTransportCLITests {
    @Test("seqr notes and seqr location refuse plain http to a remote host before sending anything")
    func cli() throws {
        let directory = try TemporaryDirectory()
        var environment = ProcessInfo.processInfo.environment
        environment["SEQR_PASSWORD"] = "correct horse"
        let store = ["--store", directory.file("store")]
        for arguments in [["notes", "register", "alice", "--server", "http://notes.example"] + store,
                          ["notes", "login", "alice", "--server", "http://notes.example"] + store,
                          ["location", "follow", "http://notes.example/l/\(String(repeating: "A", count: 22))#k=\(String(repeating: "A", count: 43))", "--once"]] {
            let result = try SeqrBinary.tool.run(arguments, environment: environment)
            #expect(result.status != 0 && result.errorLines.count == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("refusing plain http to http://notes.example"), "\(arguments): \(result.stderr)")
        }
    }
}
