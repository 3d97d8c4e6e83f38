import SeqrCloudClient
import Testing

/// A server's error message reaches the terminal in the CLI's one error line (issue 32, finding 10).
@Suite("Server error messages on a terminal")
struct ServerClientErrorTests {
    @Test("a server's message is escaped: a CR, escape sequences and bidi controls cannot rewrite the error line")
    func escaped() {
        let error = ServerClientError.server(status: 400, code: "bad", message: "no\r\u{1B}[2Kok: note saved\u{202E}")
        #expect(error.description == "server: no\\u{D}\\u{1B}[2Kok: note saved\\u{202E} (HTTP 400)")
    }
}
