import Foundation
import SeqrCloudClient
import SeqrTestSupport
import Testing

/// The client never sends an authentication key or a session token over plain http beyond loopback.
@Suite("Client transport")
struct ClientTransportTests {
    @Test("https anywhere, http only to loopback, anything else refused",
          arguments: ["https://notes.example", "https://10.0.0.1:8443/seqr", "http://127.0.0.1:8080", "http://127.9.8.7",
                      "http://localhost:8080", "http://LOCALHOST", "http://[::1]:8080"])
    func allowed(server: String) throws {
        try NotesClient.checkTransport(server, allowsInsecureHTTP: false)
    }

    @Test("plain http to another host needs allowsInsecureHTTP",
          arguments: ["http://notes.example", "http://192.168.1.10:8080", "http://127.0.0.1.evil.example", "http://localhost.evil.example",
                      "http://[::2]:8080", "http://128.0.0.1"])
    func refused(server: String) throws {
        #expect(throws: NotesClient.Failure.insecureTransport(server)) { try NotesClient.checkTransport(server, allowsInsecureHTTP: false) }
        try NotesClient.checkTransport(server, allowsInsecureHTTP: true)
    }

    @Test("not an http(s) URL", arguments: ["ftp://notes.example", "notes.example", "file:///etc/passwd", "http://", ""])
    func malformed(server: String) {
        #expect(throws: NotesClient.Failure.badServerURL(server)) { try NotesClient.checkTransport(server, allowsInsecureHTTP: true) }
    }

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
