import Crypto
import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOPosix
import HummingbirdTesting
import SeqrCore
import SeqrServer
import Testing

/// The notes API in process, each test against SQLite and PostgreSQL.
@Suite("seqr-server notes API")
struct ServerTests {
    @Test("register, log in, wrong password, log out, expired token", arguments: Backend.available)
    func sessions(backend: Backend) async throws {
        try await backend.withApp { client, _, _ in
            var alice = TestUser()
            try await client.register(&alice)
            #expect(try await client.execute(uri: "/v1/notes", method: .get, headers: alice.auth).status == .ok)
            // The same name again.
            let again = try await client.execute(uri: "/v1/accounts", method: .post, headers: [.contentType: "application/json"],
                                                 body: body(NotesAPI.RegisterRequest(username: alice.name, authKey: alice.authKey, kdf: alice.kdf)))
            #expect(again.status == .conflict)
            // Wrong authentication key, unknown user: the same 401.
            let wrong = try await client.execute(uri: "/v1/sessions", method: .post, headers: [.contentType: "application/json"],
                                                 body: body(NotesAPI.LoginRequest(username: alice.name, authKey: TestUser().authKey)))
            #expect(wrong.status == .unauthorized)
            #expect(try decode(NotesAPI.ErrorBody.self, wrong).error == "wrong_credentials")
            let unknown = try await client.execute(uri: "/v1/sessions", method: .post, headers: [.contentType: "application/json"],
                                                   body: body(NotesAPI.LoginRequest(username: "nobody-\(UUID().uuidString.prefix(8))", authKey: alice.authKey)))
            #expect(unknown.status == .unauthorized)
            // Right key: a second session; logging it out revokes it and only it.
            let login = try await client.execute(uri: "/v1/sessions", method: .post, headers: [.contentType: "application/json"],
                                                 body: body(NotesAPI.LoginRequest(username: alice.name, authKey: alice.authKey)))
            #expect(login.status == .ok)
            var second = alice
            second.token = try decode(NotesAPI.SessionResponse.self, login).token
            #expect(try await client.execute(uri: "/v1/sessions/current", method: .delete, headers: second.auth).status == .noContent)
            #expect(try await client.execute(uri: "/v1/notes", method: .get, headers: second.auth).status == .unauthorized)
            #expect(try await client.execute(uri: "/v1/notes", method: .get, headers: alice.auth).status == .ok)
            // A session a page left behind (its keepalive logout lost) is ended from the next sign-in by its id,
            // the base64url SHA-256 of its token; another account's session named so is left alone; 204 either way.
            var left = alice
            left.token = try decode(NotesAPI.SessionResponse.self, try await client.execute(
                uri: "/v1/sessions", method: .post, headers: [.contentType: "application/json"],
                body: body(NotesAPI.LoginRequest(username: alice.name, authKey: alice.authKey)))).token
            let leftID = Base64URL.encode(SHA256.hash(data: Data(left.token.utf8)))
            var carol = TestUser()
            try await client.register(&carol)
            #expect(try await client.execute(uri: "/v1/sessions/\(leftID)", method: .delete, headers: carol.auth).status == .noContent)
            #expect(try await client.execute(uri: "/v1/notes", method: .get, headers: left.auth).status == .ok)
            #expect(try await client.execute(uri: "/v1/sessions/\(leftID)", method: .delete, headers: alice.auth).status == .noContent)
            #expect(try await client.execute(uri: "/v1/notes", method: .get, headers: left.auth).status == .unauthorized)
            #expect(try await client.execute(uri: "/v1/notes", method: .get, headers: alice.auth).status == .ok)
            #expect(try await client.execute(uri: "/v1/sessions/\(leftID)", method: .delete, headers: alice.auth).status == .noContent)
            #expect(try await client.execute(uri: "/v1/sessions/not-an-id", method: .delete, headers: alice.auth).status == .badRequest)
            #expect(try await client.execute(uri: "/v1/sessions/\(leftID)", method: .delete).status == .unauthorized)
            // No token, a malformed one, a random one.
            #expect(try await client.execute(uri: "/v1/notes", method: .get).status == .unauthorized)
            #expect(try await client.execute(uri: "/v1/notes", method: .get, headers: [.authorization: "Bearer x"]).status == .unauthorized)
            var forged = alice
            forged.token = String(repeating: "A", count: 43)
            #expect(try await client.execute(uri: "/v1/notes", method: .get, headers: forged.auth).status == .unauthorized)
            // The KDF endpoint answers for unknown names too, with stable decoy parameters.
            let kdf = try decode(NotesAPI.KDFResponse.self, try await client.execute(uri: "/v1/kdf?username=\(alice.name)", method: .get))
            #expect(kdf.kdf == alice.kdf)
            let decoy1 = try await client.execute(uri: "/v1/kdf?username=ghost-user", method: .get)
            let decoy2 = try await client.execute(uri: "/v1/kdf?username=ghost-user", method: .get)
            #expect(decoy1.status == .ok && decoy1.body == decoy2.body)
        }
        // Tokens past their lifetime are refused.
        var shortLived = AccountsService.Settings.testing
        shortLived.sessionLifetime = -1
        try await backend.withApp(settings: shortLived) { client, _, _ in
            var bob = TestUser()
            try await client.register(&bob)
            #expect(try await client.execute(uri: "/v1/notes", method: .get, headers: bob.auth).status == .unauthorized)
        }
    }

    @Test("notes: create, list, get, update with versions, delete; stale and concurrent edits get 409", arguments: Backend.available)
    func notes(backend: Backend) async throws {
        try await backend.withApp { client, _, _ in
            var alice = TestUser()
            try await client.register(&alice)
            let note = try await client.createNote(alice, title: "groceries", info: "eggs")
            #expect(note.version == 1)
            let list = try decode(NotesAPI.NoteList.self, try await client.execute(uri: "/v1/notes", method: .get, headers: alice.auth))
            #expect(list.notes.map(\.id) == [note.id])
            let path = "/v1/notes/\(note.id.uuidString)"
            let fetched = try decode(NotesAPI.Note.self, try await client.execute(uri: path, method: .get, headers: alice.auth))
            #expect(fetched.title == note.title && fetched.info == note.info)
            #expect(try SealedNoteField.open(fetched.info, noteID: note.id, field: .info, noteVersion: 1, key: SymmetricKeyHolder.shared.key) == "eggs")

            var edited = note.encrypted
            edited.info = SealedNoteField.seal("eggs, milk", noteID: note.id, field: .info, noteVersion: 2, key: SymmetricKeyHolder.shared.key)
            let update = try await client.execute(uri: path, method: .put, headers: alice.auth, body: body(NotesAPI.NoteWrite(note: edited, version: 1)))
            #expect(update.status == .ok)
            #expect(try decode(NotesAPI.Note.self, update).version == 2)
            // A second edit made from version 1 is stale: 409, and the stored note is untouched.
            let stale = try await client.execute(uri: path, method: .put, headers: alice.auth, body: body(NotesAPI.NoteWrite(note: note.encrypted, version: 1)))
            #expect(stale.status == .conflict)
            #expect(try decode(NotesAPI.ErrorBody.self, stale).error == "stale_version")
            #expect(try decode(NotesAPI.Note.self, try await client.execute(uri: path, method: .get, headers: alice.auth)).info == edited.info)

            // Ten concurrent edits of version 2: exactly one wins.
            let base = edited, auth = alice.auth
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for i in 0..<10 {
                    group.addTask {
                        var attempt = base
                        attempt.info = SealedNoteField.seal("edit \(i)", noteID: note.id, field: .info, noteVersion: 3, key: SymmetricKeyHolder.shared.key)
                        return try await client.execute(uri: path, method: .put, headers: auth,
                                                        body: body(NotesAPI.NoteWrite(note: attempt, version: 2))).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .ok }.count == 1 && statuses.filter { $0 == .conflict }.count == 9)
            #expect(try decode(NotesAPI.Note.self, try await client.execute(uri: path, method: .get, headers: alice.auth)).version == 3)

            #expect(try await client.execute(uri: path, method: .delete, headers: alice.auth).status == .noContent)
            #expect(try await client.execute(uri: path, method: .get, headers: alice.auth).status == .notFound)
            #expect(try await client.execute(uri: path, method: .delete, headers: alice.auth).status == .notFound)
        }
    }

    @Test("another user's token and ids: no endpoint succeeds, and nothing of the note shows", arguments: Backend.available)
    func crossUser(backend: Backend) async throws {
        try await backend.withApp { client, repository, _ in
            var alice = TestUser(), mallory = TestUser()
            try await client.register(&alice)
            try await client.register(&mallory)
            let note = try await client.createNote(alice)
            let path = "/v1/notes/\(note.id.uuidString)"
            let write = body(NotesAPI.NoteWrite(note: note.encrypted, version: 1))
            var successes = 0
            var responses: [TestResponse] = []
            for (method, uri, payload) in [(HTTPRequest.Method.get, path, nil), (.put, path, write), (.delete, path, nil),
                                           (.post, "/v1/notes", write), (.get, "/v1/notes", nil), (.get, "/v1/account", nil)] as [(HTTPRequest.Method, String, ByteBuffer?)] {
                let response = try await client.execute(uri: uri, method: method, headers: mallory.auth, body: payload)
                responses.append(response)
                if uri == path, (200..<300).contains(response.status.code) { successes += 1 }
            }
            #expect(successes == 0)
            // Re-posting Alice's note id under Mallory is refused, not merged.
            #expect(responses[3].status == .conflict)
            // Mallory's list and account show nothing of Alice's.
            let title = note.title.base64EncodedString()
            for response in responses { #expect(!String(buffer: response.body).contains(title)) }
            #expect(try decode(NotesAPI.NoteList.self, responses[4]).notes.isEmpty)
            // Alice's note is intact.
            let account = try #require(try await repository.account(username: alice.name))
            #expect(try await repository.note(id: note.id, owner: account.id)?.version == 1)
        }
    }

    @Test("free plan limit gives 402; pro has none", arguments: Backend.available)
    func quota(backend: Backend) async throws {
        try await backend.withApp { client, repository, _ in
            var alice = TestUser()
            try await client.register(&alice)
            for _ in 0..<3 { _ = try await client.createNote(alice) }
            let id = UUID()
            let extra = EncryptedNote(id: id, title: Data([1]), info: Data([2]), format: .seqrAEAD, kdf: NoteKDF(alice.kdf))
            // RNCryptor's key is a cheaper password test than the account key: never stored.
            let legacy = EncryptedNote(id: UUID(), title: Data([1]), info: Data([2]), format: .rncryptor, kdf: .rncryptor())
            let refused = try await client.execute(uri: "/v1/notes", method: .post, headers: alice.auth, body: body(NotesAPI.NoteWrite(note: legacy)))
            #expect(refused.status == .badRequest)
            #expect(try decode(NotesAPI.ErrorBody.self, refused).error == "legacy_format")
            let over = try await client.execute(uri: "/v1/notes", method: .post, headers: alice.auth, body: body(NotesAPI.NoteWrite(note: extra)))
            #expect(over.status.code == 402)
            #expect(try decode(NotesAPI.ErrorBody.self, over).error == "quota_exceeded")
            #expect(try await repository.setPro(username: alice.name, true))
            #expect(try await client.execute(uri: "/v1/notes", method: .post, headers: alice.auth, body: body(NotesAPI.NoteWrite(note: extra))).status == .created)
            let account = try decode(NotesAPI.AccountResponse.self, try await client.execute(uri: "/v1/account", method: .get, headers: alice.auth))
            #expect(account.plan == "pro" && account.notes == 4 && account.noteLimit == nil)
            #expect(try await repository.setPro(username: "no-such-user", true) == false)
        }
    }

    @Test("malformed, oversize and inconsistent bodies get a clear 4xx", arguments: Backend.available)
    func badBodies(backend: Backend) async throws {
        try await backend.withApp { client, _, _ in
            var alice = TestUser()
            try await client.register(&alice)
            let json: HTTPFields = [.contentType: "application/json"]
            func status(_ uri: String, _ method: HTTPRequest.Method = .post, headers: HTTPFields, _ bytes: ByteBuffer) async throws -> (Int, String) {
                let response = try await client.execute(uri: uri, method: method, headers: headers, body: bytes)
                let error = (try? decode(NotesAPI.ErrorBody.self, response))?.error ?? ""
                return (Int(response.status.code), error)
            }
            #expect(try await status("/v1/accounts", headers: json, ByteBuffer(string: "{not json")) == (400, "bad_request"))
            #expect(try await status("/v1/accounts", headers: json, ByteBuffer(string: "[]")) == (400, "bad_request"))
            var weak = TestUser()
            let weakKDF = AccountKDFParameters.fresh(iterations: 1000)
            #expect(try await status("/v1/accounts", headers: json, body(NotesAPI.RegisterRequest(username: weak.name, authKey: weak.authKey, kdf: weakKDF))).0 == 400)
            #expect(try await status("/v1/accounts", headers: json, body(NotesAPI.RegisterRequest(username: weak.name, authKey: "short", kdf: weak.kdf))).0 == 400)
            #expect(try await status("/v1/accounts", headers: json, body(NotesAPI.RegisterRequest(username: "a b/c", authKey: weak.authKey, kdf: weak.kdf))).0 == 400)
            weak.token = ""
            #expect(try await status("/v1/notes", headers: alice.auth, ByteBuffer(repeating: UInt8(ascii: "a"), count: 200_000)) == (413, "too_large"))
            let id = UUID()
            let huge = EncryptedNote(id: id, title: Data(count: 2000), info: Data([1]), format: .seqrAEAD, kdf: NoteKDF(alice.kdf))
            #expect(try await status("/v1/notes", headers: alice.auth, body(NotesAPI.NoteWrite(note: huge))).0 == 400)
            let mismatched = EncryptedNote(id: id, title: Data([1]), info: Data([1]), format: .seqrAEAD, kdf: .rncryptor())
            #expect(try await status("/v1/notes", headers: alice.auth, body(NotesAPI.NoteWrite(note: mismatched))).0 == 400)
            let note = try await client.createNote(alice)
            // Update without a version, or with another note's id in the body.
            #expect(try await status("/v1/notes/\(note.id)", .put, headers: alice.auth, body(NotesAPI.NoteWrite(note: note.encrypted))).0 == 400)
            #expect(try await status("/v1/notes/\(UUID())", .put, headers: alice.auth, body(NotesAPI.NoteWrite(note: note.encrypted, version: 1))).0 == 400)
            #expect(try await client.execute(uri: "/v1/notes/not-a-uuid", method: .get, headers: alice.auth).status == .notFound)
        }
    }

    @Test("password change replaces keys and notes atomically and ends other sessions", arguments: Backend.available)
    func passwordChange(backend: Backend) async throws {
        try await backend.withApp { client, _, _ in
            var alice = TestUser()
            try await client.register(&alice)
            let first = try await client.createNote(alice, info: "one")
            let second = try await client.createNote(alice, info: "two")
            let login = try await client.execute(uri: "/v1/sessions", method: .post, headers: [.contentType: "application/json"],
                                                 body: body(NotesAPI.LoginRequest(username: alice.name, authKey: alice.authKey)))
            var other = alice
            other.token = try decode(NotesAPI.SessionResponse.self, login).token
            // Used once, so the session cache holds it: the change must still end it at once.
            #expect(try await client.execute(uri: "/v1/notes", method: .get, headers: other.auth).status == .ok)
            let newKey = SymmetricKeyHolder()
            func reencrypted(_ note: NotesAPI.Note, _ text: String) throws -> NotesAPI.NoteWrite {
                var content = note.encrypted
                content.info = SealedNoteField.seal(text, noteID: note.id, field: .info, noteVersion: note.version + 1, key: newKey.key)
                return NotesAPI.NoteWrite(note: content, version: note.version)
            }
            let newAuth = TestUser().authKey
            let newKDF = AccountKDFParameters.fresh(iterations: AccountKDFParameters.minimumIterations)
            // Leaving a note out changes nothing.
            let partial = NotesAPI.PasswordChangeRequest(authKey: alice.authKey, newAuthKey: newAuth, newKDF: newKDF, notes: [try reencrypted(first, "one")])
            #expect(try await client.execute(uri: "/v1/account/password", method: .put, headers: alice.auth, body: body(partial)).status == .conflict)
            // A wrong current key changes nothing.
            let wrongCurrent = NotesAPI.PasswordChangeRequest(authKey: newAuth, newAuthKey: newAuth, newKDF: newKDF,
                                                              notes: [try reencrypted(first, "one"), try reencrypted(second, "two")])
            #expect(try await client.execute(uri: "/v1/account/password", method: .put, headers: alice.auth, body: body(wrongCurrent)).status == .unauthorized)
            let stillOld = try await client.execute(uri: "/v1/notes/\(first.id)", method: .get, headers: alice.auth)
            #expect(try decode(NotesAPI.Note.self, stillOld).info == first.info)

            let change = NotesAPI.PasswordChangeRequest(authKey: alice.authKey, newAuthKey: newAuth, newKDF: newKDF,
                                                        notes: [try reencrypted(first, "one"), try reencrypted(second, "two")])
            #expect(try await client.execute(uri: "/v1/account/password", method: .put, headers: alice.auth, body: body(change)).status == .noContent)
            #expect(try await client.execute(uri: "/v1/notes", method: .get, headers: other.auth).status == .unauthorized)
            let notes = try decode(NotesAPI.NoteList.self, try await client.execute(uri: "/v1/notes", method: .get, headers: alice.auth)).notes
            #expect(Set(try notes.map { try SealedNoteField.open($0.info, noteID: $0.id, field: .info, noteVersion: $0.version, key: newKey.key) }) == ["one", "two"])
            let oldLogin = try await client.execute(uri: "/v1/sessions", method: .post, headers: [.contentType: "application/json"],
                                                    body: body(NotesAPI.LoginRequest(username: alice.name, authKey: alice.authKey)))
            #expect(oldLogin.status == .unauthorized)
            let kdf = try decode(NotesAPI.KDFResponse.self, try await client.execute(uri: "/v1/kdf?username=\(alice.name)", method: .get))
            #expect(kdf.kdf == newKDF)
        }
    }

    @Test("delete account needs the key and removes everything", arguments: Backend.available)
    func deleteAccount(backend: Backend) async throws {
        try await backend.withApp { client, repository, _ in
            var alice = TestUser()
            try await client.register(&alice)
            _ = try await client.createNote(alice)
            let account = try #require(try await repository.account(username: alice.name))
            #expect(try await client.execute(uri: "/v1/account", method: .delete, headers: alice.auth,
                                             body: body(NotesAPI.DeleteAccountRequest(authKey: TestUser().authKey))).status == .unauthorized)
            #expect(try await client.execute(uri: "/v1/account", method: .delete, headers: alice.auth,
                                             body: body(NotesAPI.DeleteAccountRequest(authKey: alice.authKey))).status == .noContent)
            #expect(try await repository.account(username: alice.name) == nil)
            #expect(try await repository.notes(owner: account.id).isEmpty)
            #expect(try await client.execute(uri: "/v1/notes", method: .get, headers: alice.auth).status == .unauthorized)
        }
    }

    @Test("login attempts are rate-limited per account, with Retry-After", arguments: Backend.available)
    func rateLimit(backend: Backend) async throws {
        var settings = AccountsService.Settings.testing
        settings.loginLimits = .init(perAccountFromAddress: 3, perAddress: 100, window: 300)
        try await backend.withApp(settings: settings) { client, _, _ in
            var alice = TestUser()
            try await client.register(&alice)
            var statuses: [Int] = []
            var retryAfter: String?
            for _ in 0..<4 {
                let response = try await client.execute(uri: "/v1/sessions", method: .post, headers: [.contentType: "application/json"],
                                                        body: body(NotesAPI.LoginRequest(username: alice.name, authKey: TestUser().authKey)))
                statuses.append(Int(response.status.code))
                retryAfter = response.headers[.retryAfter]
            }
            #expect(statuses == [401, 401, 401, 429])
            #expect(Int(retryAfter ?? "") ?? 0 > 0)
            // Even the right key waits now.
            let right = try await client.execute(uri: "/v1/sessions", method: .post, headers: [.contentType: "application/json"],
                                                 body: body(NotesAPI.LoginRequest(username: alice.name, authKey: alice.authKey)))
            #expect(right.status == .tooManyRequests)
        }
    }

    @Test("a method a path does not list is 405 with Allow, as openapi.yaml says; a viewer path that is no share id is 404, with the page")
    func methodsAndViewerPaths() async throws {
        try await Backend.sqlite.withApp { client, _, _ in
            let trace = try await client.execute(uri: "/health", method: .trace)
            #expect(trace.status == .methodNotAllowed && trace.headers[.allow] == "GET, HEAD")  // HEAD answers as GET there
            let put = try await client.execute(uri: "/v1/notes", method: .put)
            #expect(put.status == .methodNotAllowed && put.headers[.allow] == "GET, POST")
            #expect(try await client.execute(uri: "/v1/no-such-path", method: .get).status == .notFound)
            let page = try await client.execute(uri: "/l/not-a-share", method: .get)
            #expect(page.status == .notFound && String(buffer: page.body).contains("<title>Seqr · shared location</title>"))
            #expect(try await client.execute(uri: "/l/\(LocationServiceTestIDs.unknown)", method: .get).status == .ok)
        }
    }

    @Test("a canary note's plaintext never reaches the SQLite file")
    func canary() async throws {
        try await Backend.sqlite.withApp { client, _, path in
            var alice = TestUser()
            try await client.register(&alice)
            let canary = "CANARY-\(UUID().uuidString)"
            _ = try await client.createNote(alice, title: "canary", info: canary)
            let path = try #require(path)
            for file in [path, path + "-wal"] {
                let bytes = (try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data()
                #expect(bytes.range(of: Data(canary.utf8)) == nil)
                #expect(bytes.range(of: Data(alice.authKey.utf8)) == nil)
                #expect(bytes.range(of: Data(alice.token.utf8)) == nil)
            }
        }
    }

    @Test("/health and /openapi.yaml (the same as docs/openapi.yaml); /metrics only on the metrics listener's router")
    func operations() async throws {
        ServerMetrics.enable()  // as `--metrics` does, before the router is made
        try await Backend.sqlite.withApp { client, _, _ in
            #expect(try await client.execute(uri: "/health", method: .get).status == .ok)
            _ = try await client.execute(uri: "/v1/notes", method: .get)
            #expect(try await client.execute(uri: "/metrics", method: .get).status == .notFound)
            try await Application(router: SeqrServerApplication.metricsRouter()).test(.router) { metricsClient in
                let metrics = String(buffer: try await metricsClient.execute(uri: "/metrics", method: .get).body)
                #expect(metrics.contains("hb_requests") || metrics.contains("hb_request"))
            }
            let served = String(buffer: try await client.execute(uri: "/openapi.yaml", method: .get).body)
            let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("docs/openapi.yaml")
            #expect(served == (try String(contentsOf: docs, encoding: .utf8)))
            #expect(served.contains("/v1/notes/{id}"))
        }
    }

    @Test("Argon2id hashes verify only the same key, at the production cost")
    func argon2() async throws {
        let hasher = AuthKeyHasher.standard
        let key = TestUser().authKey
        let hash = try await hasher.hash(key)
        #expect(hash.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"))
        #expect(await hasher.verify(key, against: hash))
        #expect(await !hasher.verify(TestUser().authKey, against: hash))
        #expect(await !hasher.verify(key, against: "not a hash"))
        #expect(try await hasher.hash(key) != hash)  // fresh salt each time
    }

    @Test("Argon2id hashing and verifying leave the caller's event loop free: a task queued on that loop runs while the hash is computed")
    func argon2OffTheLoop() async throws {
        // Any cost will do: a hash computed on the loop would hold it until the hash is done, so the probe
        // queued before it could only run after; computed elsewhere, the probe runs as the task suspends.
        let hasher = AuthKeyHasher(iterations: 2, memoryKiB: 4 * 1024, parallelism: 1)
        let key = TestUser().authKey
        let stored = try await hasher.hash(key)
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        for verifying in [false, true] {
            // The login's task runs on the loop, as every request's does in seqr-server.
            let (probe, hashed) = try await Task(executorPreference: EventLoopTaskExecutor(loop)) {
                let probe = loop.submit { ContinuousClock.now }  // queued behind this very task on its loop
                if verifying { #expect(await hasher.verify(key, against: stored)) } else { _ = try await hasher.hash(key) }
                let hashed = ContinuousClock.now
                return (try await probe.get(), hashed)
            }.value
            #expect(probe < hashed, "verifying: \(verifying): the loop ran nothing until the hash was done")
        }
    }

    @Test("PostgreSQL URLs: foreign schemes, no host and no user are refused with one line")
    func postgresURLs() {
        let logger = Logger(label: "test")
        for (url, reason) in [("mysql://u@h/db", "not a postgres:// URL"), ("postgres:///db", "no host"), ("postgres://h/db", "no user"), ("not a url", "not a postgres:// URL")] {
            #expect(throws: PostgresURLError.self) { try PostgresRepository(url: url, logger: logger) }
            do { _ = try PostgresRepository(url: url, logger: logger) } catch { #expect("\(error)".contains(reason), "\(url): \(error)") }
        }
    }
}
