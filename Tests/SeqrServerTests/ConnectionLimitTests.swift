import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import SeqrServer
import SeqrTestSupport
import Testing

/// One client cannot hold every connection: per-address caps and idle connections closed first near
/// the server's cap (``ConnectionLimits``), on a real socket, clients at distinct loopback addresses
/// (127.0.0.1 is the test framework's own client's).
@Suite("seqr-server connections per client address")
struct ConnectionLimitTests {
    /// The whole application (its connection limits included) on a loopback port, over SQLite.
    static func withServer(_ limits: ConnectionLimits, trusting proxies: [String] = [], _ body: @escaping @Sendable (Int) async throws -> Void) async throws {
        try await Backend.sqlite.withRepository { repository, _ in
            var quiet = Logger(label: "seqr-server-test")
            quiet.logLevel = .critical
            let accounts = try AccountsService(repository: repository, settings: .testing)
            let notes = NotesService(repository: repository, plans: AccountsService.Settings.testing.plans)
            let app = SeqrServerApplication.application(repository: repository, accounts: accounts, notes: notes, host: "127.0.0.1", port: 0,
                                                        logger: quiet, trustedProxies: try TrustedProxies(proxies), connections: limits)
            try await app.test(.live) { client in try await body(try #require(client.port)) }
        }
    }

    /// Blocking socket work, off Swift's cooperative pool: the server under test answers on it.
    static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }

    static let health = "GET /health HTTP/1.1\r\nHost: x\r\n\r\n"

    /// Sends a keep-alive `GET /health` and reads its answer's head (empty when none came within `seconds`).
    static func askHealth(_ socket: LoopbackSocket, seconds: Double = 10) -> String {
        socket.send(health)
        let (text, found) = socket.read(until: #"{"status":"ok"}"#, seconds: seconds)
        return found ? text : ""
    }

    static func limits(max: Int, perAddress: Int) -> ConnectionLimits {
        var limits = ConnectionLimits()
        limits.maxConnections = max
        limits.perAddress = perAddress
        limits.idleTimeout = .seconds(120)  // longer than the test: nothing is freed by the idle timer
        return limits
    }

    @Test("one address holds at most its cap of connections (429 at once beyond it), and another address is served meanwhile")
    func perAddressCap() async throws {
        try await Self.withServer(Self.limits(max: 16, perAddress: 4)) { port in
            // 40 connections from one address: before, the first 15 took every place left, silent, and the rest waited.
            let flood = try await Self.offPool { try (0..<40).map { _ in try LoopbackSocket(port: port, from: "127.0.0.3") } }
            // Read until a pass finds no more refusals: on a loaded machine the server may be behind the reads.
            let (admitted, refused) = try await Self.offPool {
                var open = flood, refused: [String] = []
                while true {
                    let greetings = open.map { $0.readAll(seconds: 0.2) }
                    let before = refused.count
                    refused += greetings.filter { $0.hasPrefix("HTTP/1.1 429") }
                    open = zip(open, greetings).filter { !$0.1.hasPrefix("HTTP/1.1 429") }.map(\.0)
                    if refused.count == before { return (open, refused) }
                }
            }
            #expect(refused.count == 36, "\(refused.count) of 40 refused")
            #expect(refused.allSatisfy { $0.contains("too_many_connections") && $0.lowercased().contains("retry-after:") }, "\(refused.first ?? "")")
            let answers = try await Self.offPool { admitted.map { Self.askHealth($0) } }
            #expect(answers.count == 4 && answers.allSatisfy { $0.hasPrefix("HTTP/1.1 200") }, "\(answers.count) admitted")
            // Another client, while the flood's connections stay open and idle.
            let other = try await Self.offPool { Self.askHealth(try LoopbackSocket(port: port, from: "127.0.0.2")) }
            #expect(other.hasPrefix("HTTP/1.1 200"), "another address is not served while one address holds its connections")
            withExtendedLifetime(flood) {}
        }
    }

    @Test("near the server's connection cap the longest-idle connections are closed first: a request in progress survives, and a new client is served")
    func idleClosedFirst() async throws {
        try await Self.withServer(Self.limits(max: 16, perAddress: 4)) { port in
            // A request whose body is still arriving: busy, never chosen.
            let busy = try await Self.offPool { try LoopbackSocket(port: port, from: "127.0.0.10") }
            #expect(busy.send("POST /v1/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n{\"username\":"))
            // 20 keep-alive connections from five addresses (127.0.0.11–15, four each: their cap), each idle after one request.
            let (idle, answers) = try await Self.offPool {
                var idle: [LoopbackSocket] = [], answers: [String] = []
                for number in 1...20 {
                    let socket = try LoopbackSocket(port: port, from: "127.0.0.\((number - 1) / 4 + 11)")
                    answers.append(Self.askHealth(socket))
                    idle.append(socket)
                }
                return (idle, answers)
            }
            #expect(answers.allSatisfy { $0.hasPrefix("HTTP/1.1 200") }, "served: \(answers.map { $0.hasPrefix("HTTP/1.1 200") })")
            // Past 14 of 16 open, each new connection closed the one idle longest: the first ones.
            let closed = try await Self.offPool { idle.map { $0.read().closed } }
            #expect(closed.prefix(6).allSatisfy { $0 }, "\(closed)")
            #expect(closed.suffix(12).allSatisfy { !$0 }, "\(closed)")
            let newcomer = try await Self.offPool { Self.askHealth(try LoopbackSocket(port: port, from: "127.0.0.20")) }
            #expect(newcomer.hasPrefix("HTTP/1.1 200"))
            // The request in progress was never cut: its body ends, and it is answered.
            #expect(busy.send("\"x\",\"a\":1}"))
            let answer = try await Self.offPool { busy.read(until: "\r\n\r\n", seconds: 10).text }
            #expect(answer.hasPrefix("HTTP/1.1 4"), "\(answer)")
        }
    }

    @Test("a trusted proxy's address is not capped: every client behind it shares it")
    func trustedProxyExempt() async throws {
        try await Self.withServer(Self.limits(max: 64, perAddress: 2), trusting: ["127.0.0.1"]) { port in
            let answers = try await Self.offPool {
                let sockets = try (0..<8).map { _ in try LoopbackSocket(port: port, from: "127.0.0.1") }
                return sockets.map { Self.askHealth($0) }
            }
            #expect(answers.allSatisfy { $0.hasPrefix("HTTP/1.1 200") }, "\(answers.map { $0.prefix(12) })")
        }
    }
}
