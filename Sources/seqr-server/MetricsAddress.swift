/// Where `--metrics` listens: `HOST:PORT`, `[IPv6]:PORT`, or a bare `PORT` on loopback. The metrics
/// are the operator's (see ServerMetrics), so loopback is the default host.
struct MetricsAddress: Equatable {
    var host: String
    var port: Int

    init?(_ text: String) {
        if let port = Int(text) {
            self.init(host: "127.0.0.1", port: port)
        } else if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":"), let port = Int(rest.dropFirst()) else { return nil }
            self.init(host: String(text[text.index(after: text.startIndex)..<close]), port: port)
        } else {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, let port = Int(parts[1]) else { return nil }
            self.init(host: String(parts[0]), port: port)
        }
    }

    init?(host: String, port: Int) {
        guard !host.isEmpty, (0...65_535).contains(port) else { return nil }
        self.host = host
        self.port = port
    }
}
