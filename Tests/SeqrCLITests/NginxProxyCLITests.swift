import Foundation
import SeqrCore
import SeqrTestSupport
import Testing

/// Two seqr-server processes on one PostgreSQL behind Debian's nginx with TLS (a self-signed
/// certificate made here), as docs/scale-out.md deploys them; the client (curl) speaks https to nginx only.
@Suite("seqr-server behind nginx with TLS", .serialized,
       .enabled(if: ProcessInfo.processInfo.environment["SEQR_TEST_POSTGRES_URL"].map { !$0.isEmpty } ?? false))
struct NginxProxyCLITests {
    typealias Server = NotesCLITests.Server

    /// A TCP port nothing listens on right now.
    static func freePort() -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    struct Curl {
        let tool: ExternalTool
        let base: String
        let certificate: String

        /// Status and body of one request over https to nginx, from 127.0.0.3 (a client address of its own).
        func call(_ method: String, _ path: String, json: String? = nil, token: String? = nil, headers: [String] = []) throws -> (Int, String) {
            var arguments = ["-sS", "--cacert", certificate, "--interface", "127.0.0.3", "-X", method, "-w", "\n%{http_code}", base + path]
            if let json { arguments += ["-H", "Content-Type: application/json", "--data-binary", json] }
            if let token { arguments += ["-H", "Authorization: Bearer \(token)"] }
            for header in headers { arguments += ["-H", header] }
            let outcome = try tool.run(arguments)
            guard outcome.status == 0 else { return (0, outcome.stderr) }
            let text = outcome.stdoutText
            let cut = text.lastIndex(of: "\n") ?? text.startIndex
            return (Int(text[text.index(after: cut)...]) ?? 0, String(text[..<cut]))
        }
    }

    @Test("https through nginx to two instances: X-Forwarded-For trusted only from the proxy; a live feed passes each fix through at once")
    func behindNginx() throws {
        let directory = try TemporaryDirectory()
        let database = try ScaleOutCLITests.FreshDatabase()
        // The certificate, made here: nginx serves it, curl trusts only it.
        let openssl = try ExternalTool.named("openssl")
        let certificate = directory.file("cert.pem"), key = directory.file("key.pem")
        let made = try openssl.run(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "1",
                                    "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"])
        #expect(made.status == 0, "\(made.stderr)")

        // nginx connects upstream from 127.0.0.2: the only address the instances trust.
        let instances = try ["a", "b"].map { name in
            try Server(database: database.url, log: directory.file("\(name).log"),
                       extra: ["--trusted-proxy", "127.0.0.2", "--access-log", directory.file("\(name)-access.log"), "--heartbeat-seconds", "1"])
        }
        let port = Self.freePort()
        for folder in ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"] {
            try FileManager.default.createDirectory(atPath: directory.file(folder), withIntermediateDirectories: true)
        }
        let proxyLines = """
                proxy_pass http://seqr;
                proxy_bind 127.0.0.2;
                proxy_http_version 1.1;
                proxy_set_header Connection "";
                proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            """
        let configuration = """
            daemon off;
            worker_processes 1;
            pid \(directory.file("nginx.pid"));
            error_log \(directory.file("error.log")) warn;
            events { worker_connections 64; }
            http {
              access_log \(directory.file("nginx-access.log"));
              client_body_temp_path \(directory.file("client_body"));
              proxy_temp_path \(directory.file("proxy"));
              fastcgi_temp_path \(directory.file("fastcgi"));
              uwsgi_temp_path \(directory.file("uwsgi"));
              scgi_temp_path \(directory.file("scgi"));
              upstream seqr { server 127.0.0.1:\(instances[0].port); server 127.0.0.1:\(instances[1].port); keepalive 4; }
              server {
                listen 127.0.0.1:\(port) ssl;
                ssl_certificate \(certificate);
                ssl_certificate_key \(key);
                location / {
            \(proxyLines)
                }
                location ~ ^/v1/location/feed/[^/]+/events$ {
            \(proxyLines)
                  proxy_buffering off;
                  proxy_read_timeout 1h;
                }
              }
            }
            """
        let conf = try directory.write(Data(configuration.utf8), to: "nginx.conf")
        let nginx = try BackgroundProcess(try ExternalTool.named("nginx").path, ["-c", conf, "-p", directory.path, "-e", directory.file("error.log")],
                                          logPath: directory.file("nginx.out"))
        // SIGTERM, so that the master stops its worker too (SIGKILL, the default on release, would orphan it).
        defer { nginx.stop(SIGTERM) }
        let curl = Curl(tool: try ExternalTool.named("curl"), base: "https://127.0.0.1:\(port)", certificate: certificate)
        var ready = false
        for _ in 0..<100 where !ready {
            ready = (try? curl.call("GET", "/health").0) == 200
            if !ready { usleep(100_000) }
        }
        #expect(ready, "nginx did not come up: \(nginx.log) \((try? String(contentsOfFile: directory.file("error.log"), encoding: .utf8)) ?? "")")

        // Register through nginx, claiming to be 203.0.113.9 in a header of our own.
        let name = "proxy-\(UUID().uuidString.prefix(8).lowercased())"
        let authKey = Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        let salt = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        let (status, body) = try curl.call("POST", "/v1/accounts", json: """
            {"username":"\(name)","authKey":"\(authKey)","kdf":{"algorithm":"pbkdf2-sha256","iterations":210000,"salt":"\(salt)"}}
            """, headers: ["X-Forwarded-For: 203.0.113.9"])
        #expect(status == 201, "\(body)")
        let token = try #require((try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])?["token"] as? String)
        // Both instances answer for it, whichever nginx picks.
        for _ in 0..<4 { #expect(try curl.call("GET", "/v1/account", token: token).0 == 200) }

        // The instances saw the client nginx saw (127.0.0.3): not the proxy, not the header the client wrote.
        let logs = ["a", "b"].map { (try? String(contentsOfFile: directory.file("\($0)-access.log"), encoding: .utf8)) ?? "" }.joined()
        #expect(logs.contains("127.0.0.3 ") && !logs.contains("203.0.113.9") && !logs.contains("127.0.0.2 "), "\(logs)")
        // A peer that is not the proxy cannot choose its address with the header.
        let direct = try ExternalTool.named("curl").run(["-sS", "-o", "/dev/null", "-H", "X-Forwarded-For: 203.0.113.7", "\(instances[0].url)/health"])
        #expect(direct.status == 0)
        let directLog = (try? String(contentsOfFile: directory.file("a-access.log"), encoding: .utf8)) ?? ""
        #expect(!directLog.contains("203.0.113.7") && directLog.contains("127.0.0.1 "), "\(directLog)")

        // A live feed through nginx: each fix arrives as it is pushed, not when a buffer fills.
        let (created, shareBody) = try curl.call("POST", "/v1/location/shares", json: #"{"format":"seqr-location-v1"}"#, token: token)
        #expect(created == 201)
        let shareID = try #require((try JSONSerialization.jsonObject(with: Data(shareBody.utf8)) as? [String: Any])?["id"] as? String)
        let shareKey = LocationShareKey.generate()
        let follower = try BackgroundProcess(curl.tool.path, ["-sSN", "--cacert", certificate, "\(curl.base)/v1/location/feed/\(shareID)/events"],
                                             logPath: directory.file("follower.out"))
        #expect(follower.waitForLog(seconds: 20) { $0.contains("event: share") ? true : nil } == true, "\(follower.log)")
        for seq in 1...3 {
            let fix = try shareKey.seal(LocationFix(lat: 47.37, lon: 8.54 + Double(seq) * 0.001, time: Date()), shareID: shareID)
            // A buffering proxy would hold these few hundred bytes (and the 14-byte heartbeats) far longer
            // than 10 s; the time to delivery itself is measured by scripts/bench-follow, not here.
            #expect(try curl.call("POST", "/v1/location/shares/\(shareID)/fixes", json: #"{"fixes":["\#(fix)"]}"#, token: token).0 == 201)
            #expect(follower.waitForLog(seconds: 10) { $0.contains("id: \(seq)\n") ? true : nil } == true, "\(follower.log)")
        }
        // Idle, the stream stays open through nginx: heartbeats pass.
        #expect(follower.waitForLog(seconds: 15) { $0.contains(": keep-alive") ? true : nil } == true)
        #expect(try curl.call("DELETE", "/v1/location/shares/\(shareID)", token: token).0 == 204)
        #expect(follower.waitForExit(seconds: 10) == 0)
        #expect(follower.log.contains("event: end\ndata: {\"reason\":\"revoked\"}"), "\(follower.log)")
        withExtendedLifetime((instances, nginx, database)) {}
    }
}
