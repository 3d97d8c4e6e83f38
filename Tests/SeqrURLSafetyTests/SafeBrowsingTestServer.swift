import Foundation
import SeqrTestSupport

/// Tests/Reference/safebrowsing_server.py on a free loopback port: the v4 Update API over a small
/// list it hashes with Python's hashlib, logging every request it receives. Killed when released;
/// it also stops when this process ends, so a crashed run leaves nothing behind.
final class SafeBrowsingTestServer: @unchecked Sendable {
    struct Request: Decodable {
        let path: String
        let body: String
    }

    let process: BackgroundProcess
    let port: Int
    let directory: TemporaryDirectory

    init(_ options: [String] = []) throws {
        directory = try TemporaryDirectory("seqr-sb")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Reference/safebrowsing_server.py").path
        let portFile = directory.file("port")
        process = try BackgroundProcess(try ExternalTool.named("python3").path, [script, portFile, "900"] + options, logPath: directory.file("requests.log"))
        var found: Int?
        for _ in 0..<800 {  // up to 20 s: python3 starts slowly on a loaded machine
            if let text = try? String(contentsOfFile: portFile, encoding: .utf8), let value = Int(text) { found = value; break }
            usleep(25_000)
        }
        guard let found else { throw ExternalTool.Missing(name: "the Safe Browsing test server") }
        port = found
    }

    var endpoint: String { "http://127.0.0.1:\(port)/v4" }

    /// Every request the server received, in order.
    var requests: [Request] {
        process.log.split(separator: "\n").compactMap { try? JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
    }

    var fetches: [Request] { requests.filter { $0.path.hasPrefix("/v4/threatListUpdates:fetch") } }
    var finds: [Request] { requests.filter { $0.path.hasPrefix("/v4/fullHashes:find") } }
}
