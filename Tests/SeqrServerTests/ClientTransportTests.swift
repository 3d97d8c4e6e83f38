import Foundation
import SeqrCloudClient
import SeqrCore
import SeqrTestSupport
import Testing

/// The client never sends an authentication key or a session token over plain http beyond loopback.
@Suite("Client transport")
struct ClientTransportTests {
    @Test("https anywhere, http only to loopback, anything else refused",
          arguments: ["https://notes.example", "https://10.0.0.1:8443/seqr", "http://127.0.0.1:8080", "http://127.9.8.7",
                      "http://localhost:8080", "http://LOCALHOST", "http://[::1]:8080"])
    func allowed(server: String) throws {
        try ServerClient.checkTransport(server, allowsInsecureHTTP: false)
    }

    @Test("plain http to another host needs allowsInsecureHTTP",
          arguments: ["http://notes.example", "http://192.168.1.10:8080", "http://127.0.0.1.evil.example", "http://localhost.evil.example",
                      "http://[::2]:8080", "http://128.0.0.1", "http://127.+0.+0.+1", "http://127.0.0.1@evil.example",
                      "http://127.0.0.1.", "http://127.0.0.1000", "http://127.0.0", "http://0177.0.0.1", "http://[::ffff:127.0.0.1]"])
    func refused(server: String) throws {
        #expect(throws: ServerClientError.insecureTransport(server)) { try ServerClient.checkTransport(server, allowsInsecureHTTP: false) }
        try ServerClient.checkTransport(server, allowsInsecureHTTP: true)
    }

    @Test("what the client remembers about a server is keyed by its canonical origin")
    func canonicalOrigin() {
        for spelling in ["https://notes.example", "https://Notes.Example/", "HTTPS://notes.example:443", "https://notes.example:443//"] {
            #expect(ServerTransportPolicy.canonicalOrigin(spelling) == "https://notes.example", "\(spelling)")
        }
        #expect(ServerTransportPolicy.canonicalOrigin("http://127.0.0.1:8080/") == "http://127.0.0.1:8080")
        #expect(ServerTransportPolicy.canonicalOrigin("http://notes.example:80/seqr/") == "http://notes.example/seqr")
        #expect(ServerTransportPolicy.canonicalOrigin("https://notes.example:8443") != ServerTransportPolicy.canonicalOrigin("https://notes.example"))
    }

    @Test("not an http(s) URL", arguments: ["ftp://notes.example", "notes.example", "file:///etc/passwd", "http://", ""])
    func malformed(server: String) {
        #expect(throws: ServerClientError.badServerURL(server)) { try ServerClient.checkTransport(server, allowsInsecureHTTP: true) }
    }

    @Test("a redirect is never followed: the auth key is not sent again to wherever a reply points")
    func noRedirects() async throws {
        let directory = try TemporaryDirectory()
        let server = try BackgroundProcess(try ExternalTool.named("python3").path, ["-u", "-c", """
            import http.server
            class H(http.server.BaseHTTPRequestHandler):
                def do_POST(self):
                    body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                    if self.path.startswith("/trap"):
                        print("TRAP", body, flush=True)
                        self.send_response(200); self.send_header("Content-Type", "application/json"); self.end_headers(); self.wfile.write(b"{}")
                    else:
                        self.send_response(307); self.send_header("Location", "/trap"); self.send_header("Content-Length", "0"); self.end_headers()
                def log_message(self, *args): pass
            s = http.server.HTTPServer(("127.0.0.1", 0), H)
            print("port", s.server_port, flush=True)
            s.serve_forever()
            """], logPath: directory.file("server.log"))
        let port = try #require(server.waitForLog { log in
            log.split(separator: "\n").first { $0.hasPrefix("port ") }.flatMap { Int($0.dropFirst(5)) }
        })
        let client = ServerClient(server: "http://127.0.0.1:\(port)")
        await #expect(throws: ServerClientError.self) { _ = try await client.login(username: "bob", authKey: "secret-auth-key") }
        do {
            _ = try await client.login(username: "bob", authKey: "secret-auth-key")
        } catch let failure as ServerClientError {
            #expect(failure == .server(status: 307, code: "http_307", message: "HTTP 307"))
        }
        #expect(!server.log.contains("TRAP"), "\(server.log)")
    }
}
