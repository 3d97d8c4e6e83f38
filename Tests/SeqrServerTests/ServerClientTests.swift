import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import SeqrCloudClient
import SeqrCore
import SeqrServer
import Testing

/// `ServerClient` in process against the real application on a loopback socket, on both
/// backends: what the CLI does, without a CLI process in between.
@Suite("Server client against the application")
struct ServerClientTests {
    /// The whole app (accounts, notes, location) on 127.0.0.1, and a client pointed at it.
    func withServer(_ backend: Backend, _ body: @escaping @Sendable (ServerClient) async throws -> Void) async throws {
        try await backend.withRepository { repository, _ in
            let settings = AccountsService.Settings.testing
            let accounts = try AccountsService(repository: repository, settings: settings)
            let notes = NotesService(repository: repository, plans: settings.plans)
            let location = LocationService(repository: repository, settings: .init())
            var quiet = Logger(label: "seqr-server-test")
            quiet.logLevel = .critical
            let app = Application(router: SeqrServerApplication.router(accounts: accounts, notes: notes, location: location, logRequests: false),
                                  configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: quiet)
            try await app.test(.live) { client in
                let port = try #require(client.port)
                var client = ServerClient(server: "http://127.0.0.1:\(port)")
                // Beside the whole suite a request's handler can wait minutes for a cooperative-pool
                // thread; these tests are about answers, not speed.
                client.timeout = .seconds(900)
                try await body(client)
            }
        }
    }

    @Test("register, write, read, update, delete notes; the server's answers decrypt to what was written",
          arguments: Backend.available)
    func notes(backend: Backend) async throws {
        try await withServer(backend) { anonymous in
            let kdf = AccountKDFParameters.fresh(iterations: AccountKDFParameters.minimumIterations)
            let cipher = NoteCipher(password: "correct horse")
            let keys = try cipher.accountKeys(kdf)
            let session = try await anonymous.register(username: "alice", authKey: keys.authenticationToken, kdf: kdf)
            #expect(try await anonymous.kdf(username: "alice") == kdf)
            var client = anonymous
            client.token = session.token
            #expect(try await client.account().username == "alice")

            let sealed = try cipher.seal(NotePlaintext(title: "Wi-Fi", info: "garden"), noteVersion: 1, account: kdf)
            let created = try await client.create(sealed)
            #expect(created.version == 1)
            #expect(try cipher.open(try await client.note(id: sealed.id)) == NotePlaintext(title: "Wi-Fi", info: "garden"))

            let edited = try cipher.seal(NotePlaintext(title: "Wi-Fi", info: "garden 2"), id: sealed.id, noteVersion: 2, account: kdf)
            let updated = try await client.update(edited, version: 1)
            #expect(updated.version == 2)
            // A stale version is refused with the server's own code.
            await #expect(throws: ServerClientError.self) { _ = try await client.update(edited, version: 1) }
            #expect(try await client.notes().map { try cipher.open($0).info } == ["garden 2"])
            try await client.delete(id: sealed.id)
            #expect(try await client.notes().isEmpty)
        }
    }

    @Test("wrong key, no token, a logged-out token and an unknown note each come back as a ServerClientError with the server's code",
          arguments: Backend.available)
    func refusals(backend: Backend) async throws {
        try await withServer(backend) { anonymous in
            let kdf = AccountKDFParameters.fresh(iterations: AccountKDFParameters.minimumIterations)
            let keys = try AccountKeys(password: "pw", parameters: kdf)
            let session = try await anonymous.register(username: "bob", authKey: keys.authenticationToken, kdf: kdf)
            do {
                _ = try await anonymous.login(username: "bob", authKey: Data(repeating: 7, count: 32).base64EncodedString())
                Issue.record("a wrong key logged in")
            } catch let error as ServerClientError {
                #expect(error.code != nil && { if case .server(401, _, _) = error { true } else { false } }())
            }
            do {
                _ = try await anonymous.notes()
                Issue.record("notes without a token")
            } catch let error as ServerClientError {
                if case .server(let status, _, _) = error { #expect(status == 401) } else { Issue.record("\(error)") }
            }
            var client = anonymous
            client.token = session.token
            do {
                _ = try await client.note(id: UUID())
                Issue.record("an unknown note was served")
            } catch let error as ServerClientError {
                if case .server(let status, _, _) = error { #expect(status == 404) } else { Issue.record("\(error)") }
            }
            try await client.logout()
            await #expect(throws: ServerClientError.self) { _ = try await client.account() }
        }
    }

    @Test("location: create a share, push sealed fixes, follow the feed without a token, rotate, revoke",
          arguments: Backend.available)
    func location(backend: Backend) async throws {
        try await withServer(backend) { anonymous in
            let kdf = AccountKDFParameters.fresh(iterations: AccountKDFParameters.minimumIterations)
            let keys = try AccountKeys(password: "pw", parameters: kdf)
            var client = anonymous
            client.token = try await anonymous.register(username: "carol", authKey: keys.authenticationToken, kdf: kdf).token
            let share = try await client.createShare(format: .seqrLocationV1, expiresAt: nil)
            let key = LocationShareKey.generate()
            let fixes = try (0..<3).map { try LocationFix(lat: 47.37 + Double($0) / 1000, lon: 8.54, time: Date(timeIntervalSince1970: 1_800_000_000 + Double($0))) }
            #expect(try await client.pushFixes(shareID: share.id, data: fixes.map { key.seal($0, shareID: share.id) }) == 3)

            let feed = try await anonymous.feed(shareID: share.id)
            #expect(try feed.fixes.map { try key.open($0.data, shareID: share.id) } == fixes)
            #expect(try await anonymous.feed(shareID: share.id, after: feed.fixes[1].seq).fixes.count == 1)

            let rotated = try await client.rotateShare(id: share.id)
            #expect(rotated.id != share.id)
            await #expect(throws: ServerClientError.self) { _ = try await anonymous.feed(shareID: share.id) }
            try await client.revokeShare(id: rotated.id)
            #expect(try await client.shares().isEmpty)
        }
    }
}

/// What the client says when there is no server, or one that never answers.
@Suite("Server client: no answer")
struct ServerClientNoAnswerTests {
    /// A socket listening on a free loopback port, and the port.
    static func listeningSocket() throws -> (fd: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        try #require(bound)
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    @Test("a server that accepts the connection but never answers is 'did not answer within N s'; a closed port is 'cannot reach'")
    func silentServer() async throws {
        // A listening socket whose connections are never accepted: the kernel completes them, nobody answers.
        let (fd, port) = try Self.listeningSocket()
        var client = ServerClient(server: "http://127.0.0.1:\(port)")
        client.timeout = .seconds(1)
        await #expect(throws: ServerClientError.timedOut("http://127.0.0.1:\(port)", seconds: 1)) { _ = try await client.account() }
        #expect(ServerClientError.timedOut("http://127.0.0.1:\(port)", seconds: 1).description
            == "seqr-server at http://127.0.0.1:\(port) did not answer within 1 s")
        close(fd)
        // Nothing listens there now. The refusal is immediate, but beside the whole suite the request
        // can wait its turn for seconds: a deadline that passed first would say "did not answer".
        client.timeout = .seconds(600)
        await #expect(throws: ServerClientError.unreachable("http://127.0.0.1:\(port)")) { _ = try await client.account() }
    }

    @Test("a server that sends its head and then stalls mid-body is 'did not answer within N s' too")
    func stalledBody() async throws {
        let (fd, port) = try Self.listeningSocket()
        // One connection accepted, a head promising 100 bytes, 10 of them, then silence until the test ends.
        let served = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let connection = accept(fd, nil, nil)
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"username"
            _ = head.withCString { send(connection, $0, strlen($0), 0) }
            served.signal()
            done.wait()
            close(connection)
            close(fd)
        }
        var client = ServerClient(server: "http://127.0.0.1:\(port)")
        client.timeout = .seconds(2)
        await #expect(throws: ServerClientError.timedOut("http://127.0.0.1:\(port)", seconds: 2)) { _ = try await client.account() }
        #expect(served.wait(timeout: .now() + 60) == .success)
        done.signal()
    }
}
