import Foundation
import SeqrTestSupport

/// Headless Chromium driving the location viewer: the DOM after the page settled, and the
/// browser's own network log (`--log-net-log`), which records every request it makes.
enum HeadlessChromium {
    /// nil when chromium is not installed (scripts/setup installs it); the browser tests then skip, saying so.
    static let tool: ExternalTool? = try? ExternalTool.named("chromium")

    struct Visit {
        let dom: String
        let netLog: NetLog
        /// What the address bar showed at the end (`location.href`).
        let address: String
    }

    static let visitScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/visit_page.py").path

    /// Loads `url`, lets the page run for `seconds`, and returns its DOM (or writes
    /// a screenshot). Run off Swift's cooperative pool: the server under test answers on it.
    static func visit(_ url: String, directory: TemporaryDirectory, name: String, screenshot: String? = nil, seconds: Int = 8) async throws -> Visit {
        guard let tool else { throw ExternalTool.Missing(name: "chromium") }
        let netLogPath = directory.file("\(name).netlog.json")
        // Over the DevTools protocol (Fixtures/visit_page.py), on real time: `--dump-dom` dumps at the
        // load event, before the live feed's events arrive, and a --virtual-time-budget never runs
        // out while the feed's event stream is open.
        let flags = ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-default-apps",
                     "--disable-extensions", "--log-net-log=\(netLogPath)", "--net-log-capture-mode=Default",
                     "--window-size=1000,1300", "--hide-scrollbars"]
        let addressPath = directory.file("\(name).address")
        var command = [visitScript, tool.path, url, directory.file("\(name)-profile"), String(seconds), "--address", addressPath]
        command += screenshot.map { ["--screenshot", $0] } ?? []
        command += ["--"] + flags
        let python = try ExternalTool.named("python3"), arguments = command
        let outcome = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ExternalTool.Outcome, Error>) in
            DispatchQueue.global().async { continuation.resume(with: Result { try python.run(arguments) }) }
        }
        guard outcome.status == 0 else { throw Failed(status: outcome.status, stderr: String(outcome.stderr.suffix(800))) }
        return Visit(dom: outcome.stdoutText, netLog: try NetLog(path: netLogPath),
                     address: (try? String(contentsOfFile: addressPath, encoding: .utf8)) ?? "")
    }

    struct Failed: Error, CustomStringConvertible {
        let status: Int32
        let stderr: String
        var description: String { "chromium exited with \(status): \(stderr)" }
    }

    /// The requests in a Chromium network log: each URL the network stack started a job for, with
    /// the network isolation key that says which page (site) it was made for. Chromium's own
    /// background requests (update checks, sign-in) carry another key ("null null", google.com).
    struct NetLog {
        struct Request: CustomStringConvertible {
            let url: String
            let isolationKey: String
            var description: String { "\(url) [\(isolationKey)]" }
            /// scheme://host:port
            var origin: String {
                guard let components = URLComponents(string: url), let scheme = components.scheme, let host = components.host else { return url }
                return "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
            }
        }

        let requests: [Request]

        init(path: String) throws {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
            let constants = object?["constants"] as? [String: Any]
            let types = constants?["logEventTypes"] as? [String: Int] ?? [:]
            let startJob = types["URL_REQUEST_START_JOB"]
            let events = object?["events"] as? [[String: Any]] ?? []
            requests = events.compactMap { event in
                guard let type = event["type"] as? Int, type == startJob, let params = event["params"] as? [String: Any],
                      let url = params["url"] as? String else { return nil }
                return Request(url: url, isolationKey: params["network_isolation_key"] as? String ?? "")
            }
        }

        /// The requests made for pages of `site` (scheme://host, as the isolation key names it, without a port).
        func made(for site: String) -> [Request] {
            requests.filter { $0.isolationKey.hasPrefix(site + " ") || $0.isolationKey.hasPrefix(site + ":") || $0.isolationKey == site }
        }
    }

    /// The text inside the element with this id (up to its first child's end tag).
    static func element(_ id: String, in dom: String) -> String? {
        guard let start = dom.range(of: "id=\"\(id)\""), let open = dom[start.upperBound...].firstIndex(of: ">"),
              let close = dom[open...].range(of: "</") else { return nil }
        return String(dom[dom.index(after: open)..<close.lowerBound])
    }

    /// The value of `attribute` on the element with this id.
    static func attribute(_ attribute: String, of id: String, in dom: String) -> String? {
        guard let start = dom.range(of: "id=\"\(id)\"") else { return nil }
        let tagStart = dom[..<start.lowerBound].lastIndex(of: "<") ?? start.lowerBound
        guard let tagEnd = dom[start.upperBound...].firstIndex(of: ">") else { return nil }
        let tag = dom[tagStart..<tagEnd]
        guard let value = tag.range(of: " \(attribute)=\"") else { return nil }
        return String(tag[value.upperBound...].prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Where screenshots are kept for a person to look at: the package's .build/test-artefacts (not committed).
    static let artefactDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/test-artefacts").path
}
