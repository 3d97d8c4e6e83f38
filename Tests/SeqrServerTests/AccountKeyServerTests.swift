import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import SeqrCore
@testable import SeqrServer
import SeqrTestSupport
import Testing

/// One account key per account, wrapped per unlock method (docs/formats/notes.md "Account key"):
/// an account made by the code before it moves over with no note rewritten; a password change
/// rewraps one key and writes no note; the server stores wrapped keys it cannot open, and one it
/// swaps does not open.
@Suite("seqr-server account keys")
struct AccountKeyServerTests {
    /// Made by the seqr-server and `seqr notes` of main before account keys (register, add three notes,
    /// edit one): account `fixture-alice`, this password, PBKDF2 at 210,000 rounds.
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/pre-account-key.sqlite")
    static let fixturePassword = "correct horse battery staple"
    static let fixtureNotes = ["Wi-Fi": "hunter3", "Door code": "4711, then #", "Ünïcode ✓": "line one\nline two"]

    /// A user whose keys are random rather than derived (the server never sees the difference), with an account key.
    struct KeyUser {
        var user = TestUser()
        let wrappingKey = SymmetricKey(size: .bits256)
        let accountKey = AccountKey.random(iterations: AccountKDFParameters.minimumIterations)
        let methodID = UUIDText.lowercase(UUID())
        var name: String { user.name }
        var auth: HTTPFields { user.auth }

        var passwordMethod: NotesAPI.NewUnlockMethod {
            NotesAPI.NewUnlockMethod(kind: .password, id: methodID,
                                     wrappedKey: accountKey.wrapped(under: wrappingKey, username: name, kind: .password, methodID: methodID).bytes)
        }
        var registration: NotesAPI.RegisterRequest {
            NotesAPI.RegisterRequest(username: name, authKey: user.authKey, kdf: user.kdf,
                                     accountKey: NotesAPI.NewAccountKey(noteKDF: accountKey.noteKDF, password: passwordMethod))
        }
        /// A note sealed under the account key, with its label.
        func note(_ text: String) -> EncryptedNote {
            let id = UUID()
            return EncryptedNote(id: id, title: SealedNoteField.seal(text, noteID: id, field: .title, noteVersion: 1, key: accountKey.key),
                                 info: SealedNoteField.seal(text, noteID: id, field: .info, noteVersion: 1, key: accountKey.key),
                                 format: .seqrAEAD, kdf: NoteKDF(accountKey.noteKDF))
        }
    }

    static let json: HTTPFields = [.contentType: "application/json"]

    static func register(_ user: inout KeyUser, _ client: any TestClientProtocol) async throws {
        let response = try await client.execute(uri: "/v1/accounts", method: .post, headers: json, body: body(user.registration))
        #expect(response.status == .created)
        user.user.token = try decode(NotesAPI.SessionResponse.self, response).token
    }

    static func methods(_ auth: HTTPFields, _ client: any TestClientProtocol) async throws -> NotesAPI.UnlockMethodList {
        let response = try await client.execute(uri: "/v1/account/unlock-methods", method: .get, headers: auth)
        #expect(response.status == .ok)
        return try decode(NotesAPI.UnlockMethodList.self, response)
    }

    /// Every stored note, as raw columns: what "no note rewritten" compares.
    static func noteRows(_ sql: RawSQL, owner: UUID) async throws -> [String] {
        try await sql.strings("""
            SELECT id || ' ' || version || ' ' || updated_at || ' ' || kdf_salt FROM note WHERE account_id = '\(UUIDText.lowercase(owner))' ORDER BY id
            """)
    }

    @Test("an account made before account keys (a fixture database) moves over in one step, with every note intact and none rewritten")
    func fixtureMigrates() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/notes.sqlite"
        try FileManager.default.copyItem(at: Self.fixture, to: URL(fileURLWithPath: path))
        let repository = try SQLiteRepository(path: path)
        try await repository.migrate()
        try await Self.withApp(repository) { client in
            let sql = RawSQL(backend: .sqlite, repository: repository, path: path)
            let kdf = try decode(NotesAPI.KDFResponse.self, try await client.execute(uri: "/v1/kdf?username=fixture-alice", method: .get)).kdf
            let keys = try AccountKeys(password: Self.fixturePassword, parameters: kdf)
            let login = try await client.execute(uri: "/v1/sessions", method: .post, headers: Self.json,
                                                 body: body(NotesAPI.LoginRequest(username: "fixture-alice", authKey: keys.authenticationToken)))
            #expect(login.status == .ok)
            let auth: HTTPFields = [.authorization: "Bearer \(try decode(NotesAPI.SessionResponse.self, login).token)", .contentType: "application/json"]
            let owner = try #require(try await repository.account(username: "fixture-alice")).id
            let before = try await Self.noteRows(sql, owner: owner)
            let served = try decode(NotesAPI.NoteList.self, try await client.execute(uri: "/v1/notes", method: .get, headers: auth)).notes
            #expect(before.count == 3 && served.count == 3)
            #expect(try await Self.methods(auth, client) == NotesAPI.UnlockMethodList(noteKDF: nil, methods: []))

            let accountKey = AccountKey.existing(keys, parameters: kdf)
            let method = NotesAPI.NewUnlockMethod.password(accountKey, keys: keys, username: "fixture-alice")
            // Refused steps leave the account as it was: no label, no wrapped key.
            let wrongPassword = NotesAPI.CreateAccountKeyRequest(authKey: TestUser().authKey, password: method)
            #expect(try await client.execute(uri: "/v1/account/key", method: .post, headers: auth, body: body(wrongPassword)).status == .unauthorized)
            var short = method
            short.wrappedKey = short.wrappedKey.dropLast()
            let malformed = NotesAPI.CreateAccountKeyRequest(authKey: keys.authenticationToken, password: short)
            #expect(try await client.execute(uri: "/v1/account/key", method: .post, headers: auth, body: body(malformed)).status == .badRequest)
            #expect(try await Self.methods(auth, client).noteKDF == nil)

            let move = NotesAPI.CreateAccountKeyRequest(authKey: keys.authenticationToken, password: method)
            let moved = try await client.execute(uri: "/v1/account/key", method: .post, headers: auth, body: body(move))
            #expect(moved.status == .created)
            #expect(try await client.execute(uri: "/v1/account/key", method: .post, headers: auth, body: body(move)).status == .conflict)
            let list = try await Self.methods(auth, client)
            #expect(list.noteKDF == kdf)
            #expect(list.methods.map(\.kind) == [.password] && list.methods.first?.id == method.id)

            // No note written, and every note opens under the unwrapped account key alone.
            #expect(try await Self.noteRows(sql, owner: owner) == before)
            let unwrapped = try #require(try list.accountKey(password: keys, username: "fixture-alice"))
            let cipher = NoteCipher(password: "").withAccountKey(unwrapped)
            let after = try decode(NotesAPI.NoteList.self, try await client.execute(uri: "/v1/notes", method: .get, headers: auth)).notes
            #expect(after == served)
            var opened: [String: String] = [:]
            for note in after {
                let plain = try cipher.open(note)
                opened[plain.title] = plain.info
            }
            #expect(opened == Self.fixtureNotes)

            // An older client's password change (every note re-encrypted) would strand the key: refused, nothing changed.
            let reencrypting = NotesAPI.PasswordChangeRequest(authKey: keys.authenticationToken, newAuthKey: TestUser().authKey,
                                                              newKDF: .fresh(iterations: AccountKDFParameters.minimumIterations),
                                                              notes: after.map { NotesAPI.NoteWrite(note: $0.encrypted, version: $0.version) })
            let refused = try await client.execute(uri: "/v1/account/password", method: .put, headers: auth, body: body(reencrypting))
            #expect(refused.status == .conflict)
            #expect(try decode(NotesAPI.ErrorBody.self, refused).error == "account_key_in_use")

            // The password changes by rewrapping: still no note written, and the new password opens every note.
            let newKDF = AccountKDFParameters.fresh(iterations: AccountKDFParameters.minimumIterations)
            let newKeys = try AccountKeys(password: "a brand new password", parameters: newKDF)
            let change = NotesAPI.PasswordChangeRequest(authKey: keys.authenticationToken, newAuthKey: newKeys.authenticationToken, newKDF: newKDF,
                                                        notes: [], password: .password(unwrapped, keys: newKeys, username: "fixture-alice"))
            #expect(try await client.execute(uri: "/v1/account/password", method: .put, headers: auth, body: body(change)).status == .noContent)
            #expect(try await Self.noteRows(sql, owner: owner) == before)
            let rewrapped = try #require(try await Self.methods(auth, client).accountKey(password: newKeys, username: "fixture-alice"))
            #expect(try after.map { try NoteCipher(password: "").withAccountKey(rewrapped).open($0).info }.sorted() == Self.fixtureNotes.values.sorted())
            let afterChange = try await Self.methods(auth, client)
            #expect(afterChange.methods.count == 1 && afterChange.methods[0].id != method.id)
            #expect(throws: NotesError.wrappedKeyDoesNotOpen(.password)) { try afterChange.accountKey(password: keys, username: "fixture-alice") }
            // The limit docs/security.md states: for a moved-over account the old password still derives the key itself.
            #expect(keyBytes(keys.encryptionKey) == keyBytes(rewrapped.key))
        }
        withExtendedLifetime(directory) {}
    }
}

extension AccountKeyServerTests {
    @Test("a password change on an account with an account key rewraps it: no note written, other sessions ended, the old wrapped key gone",
          arguments: Backend.available)
    func passwordChangeWritesNoNote(backend: Backend) async throws {
        try await backend.withApp { client, repository, path in
            var alice = KeyUser()
            try await Self.register(&alice, client)
            for text in ["one", "two"] {
                let created = try await client.execute(uri: "/v1/notes", method: .post, headers: alice.auth, body: body(NotesAPI.NoteWrite(note: alice.note(text))))
                #expect(created.status == .created)
            }
            let sql = RawSQL(backend: backend, repository: repository, path: path)
            let owner = try #require(try await repository.account(username: alice.name)).id
            // Count the server's writes to notes (SQLite: a trigger on every kind of write).
            if backend == .sqlite {
                try await sql.execute("""
                    CREATE TABLE note_write (n INTEGER);
                    CREATE TRIGGER note_updated AFTER UPDATE ON note BEGIN INSERT INTO note_write VALUES (1); END;
                    CREATE TRIGGER note_inserted AFTER INSERT ON note BEGIN INSERT INTO note_write VALUES (1); END;
                    CREATE TRIGGER note_deleted AFTER DELETE ON note BEGIN INSERT INTO note_write VALUES (1); END;
                    """)
            }
            let before = try await Self.noteRows(sql, owner: owner)
            let login = try await client.execute(uri: "/v1/sessions", method: .post, headers: Self.json,
                                                 body: body(NotesAPI.LoginRequest(username: alice.name, authKey: alice.user.authKey)))
            let other: HTTPFields = [.authorization: "Bearer \(try decode(NotesAPI.SessionResponse.self, login).token)"]
            #expect(try await client.execute(uri: "/v1/notes", method: .get, headers: other).status == .ok)

            let newAuth = TestUser().authKey
            let newKDF = AccountKDFParameters.fresh(iterations: AccountKDFParameters.minimumIterations)
            let newWrapping = SymmetricKey(size: .bits256)
            let newID = UUIDText.lowercase(UUID())
            let rewrapped = NotesAPI.NewUnlockMethod(kind: .password, id: newID,
                                                     wrappedKey: alice.accountKey.wrapped(under: newWrapping, username: alice.name, kind: .password, methodID: newID).bytes)
            func change(_ password: NotesAPI.NewUnlockMethod?, kdf: AccountKDFParameters = newKDF, notes: [NotesAPI.NoteWrite] = []) async throws -> (HTTPResponse.Status, String?) {
                let request = NotesAPI.PasswordChangeRequest(authKey: alice.user.authKey, newAuthKey: newAuth, newKDF: kdf, notes: notes, password: password)
                let response = try await client.execute(uri: "/v1/account/password", method: .put, headers: alice.auth, body: body(request))
                return (response.status, try? decode(NotesAPI.ErrorBody.self, response).error)
            }
            // Refused, nothing changed: no rewrapped key; a note sent along; the label's own salt for the password.
            #expect(try await change(nil) == (.conflict, "account_key_in_use"))
            let served = try decode(NotesAPI.NoteList.self, try await client.execute(uri: "/v1/notes", method: .get, headers: alice.auth)).notes
            #expect(try await change(rewrapped, notes: [NotesAPI.NoteWrite(note: served[0].encrypted, version: 1)]).0 == .badRequest)
            var sameSalt = newKDF
            sameSalt.salt = alice.accountKey.noteKDF.salt
            #expect(try await change(rewrapped, kdf: sameSalt).0 == .badRequest)
            #expect(try await change(NotesAPI.NewUnlockMethod(kind: .passkey, id: newID, wrappedKey: rewrapped.wrappedKey)).0 == .badRequest)

            #expect(try await change(rewrapped) == (.noContent, nil))
            #expect(try await Self.noteRows(sql, owner: owner) == before)
            if backend == .sqlite {
                #expect(try await sql.strings("SELECT 'written' FROM note_write").isEmpty)
                // The count works: one note written is one row.
                _ = try await client.execute(uri: "/v1/notes", method: .post, headers: alice.auth, body: body(NotesAPI.NoteWrite(note: alice.note("three"))))
                #expect(try await sql.strings("SELECT 'written' FROM note_write").count == 1)
            }
            #expect(try await client.execute(uri: "/v1/notes", method: .get, headers: other).status == .unauthorized)
            let list = try await Self.methods(alice.auth, client)
            #expect(list.noteKDF == alice.accountKey.noteKDF)
            #expect(list.methods.map(\.id) == [newID])
            let key = try WrappedAccountKey(parsing: list.methods[0].wrappedKey).open(wrappingKey: newWrapping, username: alice.name, kind: .password, methodID: newID)
            #expect(keyBytes(key) == keyBytes(alice.accountKey.key))
            let kdf = try decode(NotesAPI.KDFResponse.self, try await client.execute(uri: "/v1/kdf?username=\(alice.name)", method: .get)).kdf
            #expect(kdf == newKDF)
        }
    }

    @Test("unlock methods: list, add, remove; the password is never removed; duplicates, malformed keys, a limit, another user's ids and accounts without a key refused",
          arguments: Backend.available)
    func unlockMethods(backend: Backend) async throws {
        try await backend.withApp { client, _, _ in
            var alice = KeyUser()
            try await Self.register(&alice, client)
            func add(_ method: NotesAPI.NewUnlockMethod, _ auth: HTTPFields) async throws -> (HTTPResponse.Status, String?) {
                let response = try await client.execute(uri: "/v1/account/unlock-methods", method: .post, headers: auth, body: body(method))
                return (response.status, try? decode(NotesAPI.ErrorBody.self, response).error)
            }
            func passkey(_ id: String = Base64URL.encode(Fixture.bytes(16))) -> NotesAPI.NewUnlockMethod {
                NotesAPI.NewUnlockMethod(kind: .passkey, id: id,
                                         wrappedKey: alice.accountKey.wrapped(under: SymmetricKey(size: .bits256), username: alice.name, kind: .passkey, methodID: id).bytes)
            }
            let first = passkey()
            #expect(try await add(first, alice.auth).0 == .created)
            #expect(try await add(first, alice.auth) == (.conflict, "unlock_method_exists"))
            var password = first
            password.kind = .password
            password.id = "another"
            #expect(try await add(password, alice.auth).0 == .badRequest)
            var malformed = passkey()
            malformed.wrappedKey[0] = 2
            #expect(try await add(malformed, alice.auth).0 == .badRequest)
            #expect(try await add(passkey("not/an/id"), alice.auth).0 == .badRequest)
            let list = try await Self.methods(alice.auth, client)
            #expect(list.methods.map(\.kind) == [.password, .passkey])
            #expect(list.methods[1].wrappedKey == first.wrappedKey)

            func remove(_ id: String, _ auth: HTTPFields) async throws -> (HTTPResponse.Status, String?) {
                let response = try await client.execute(uri: "/v1/account/unlock-methods/\(id)", method: .delete, headers: auth)
                return (response.status, try? decode(NotesAPI.ErrorBody.self, response).error)
            }
            #expect(try await remove(alice.methodID, alice.auth) == (.conflict, "last_password"))
            var bob = KeyUser()
            try await Self.register(&bob, client)
            #expect(try await remove(first.id, bob.auth).0 == .notFound)
            #expect(try await remove(first.id, alice.auth).0 == .noContent)
            #expect(try await remove(first.id, alice.auth).0 == .notFound)
            #expect(try await Self.methods(alice.auth, client).methods.map(\.id) == [alice.methodID])

            for _ in 1..<NotesAPI.maximumUnlockMethods { #expect(try await add(passkey(), alice.auth).0 == .created) }
            #expect(try await add(passkey(), alice.auth) == (.conflict, "too_many_unlock_methods"))

            // An account as older clients make them has no key to wrap for until it is moved over.
            var carol = TestUser()
            try await client.register(&carol)
            #expect(try await Self.methods(carol.auth, client) == NotesAPI.UnlockMethodList(noteKDF: nil, methods: []))
            #expect(try await add(passkey(), carol.auth) == (.conflict, "no_account_key"))
            #expect(try await client.execute(uri: "/v1/account/unlock-methods", method: .get, headers: [:]).status == .unauthorized)
        }
    }

    @Test("a wrapped key the server swaps in from another account, or gives another method's id, does not open", arguments: Backend.available)
    func swappedKeyFailsToOpen(backend: Backend) async throws {
        try await backend.withApp { client, repository, path in
            // Both with the same password (the same wrapping key): only the binding tells their keys apart.
            var alice = KeyUser()
            try await Self.register(&alice, client)
            let wrapping = alice.wrappingKey
            var bob = KeyUser()
            let bobKey = AccountKey.random(iterations: AccountKDFParameters.minimumIterations)
            let bobRegistration = NotesAPI.RegisterRequest(
                username: bob.name, authKey: bob.user.authKey, kdf: bob.user.kdf,
                accountKey: NotesAPI.NewAccountKey(noteKDF: bobKey.noteKDF, password: NotesAPI.NewUnlockMethod(
                    kind: .password, id: bob.methodID, wrappedKey: bobKey.wrapped(under: wrapping, username: bob.name, kind: .password, methodID: bob.methodID).bytes)))
            let registered = try await client.execute(uri: "/v1/accounts", method: .post, headers: Self.json, body: body(bobRegistration))
            #expect(registered.status == .created)
            bob.user.token = try decode(NotesAPI.SessionResponse.self, registered).token

            let sql = RawSQL(backend: backend, repository: repository, path: path)
            let aliceID = UUIDText.lowercase(try #require(try await repository.account(username: alice.name)).id)
            let bobID = UUIDText.lowercase(try #require(try await repository.account(username: bob.name)).id)
            func open() async throws -> SymmetricKey {
                let method = try #require(try await Self.methods(alice.auth, client).methods.first { $0.kind == .password })
                return try WrappedAccountKey(parsing: method.wrappedKey).open(wrappingKey: wrapping, username: alice.name, kind: .password, methodID: method.id)
            }
            #expect(keyBytes(try await open()) == keyBytes(alice.accountKey.key))
            // Alice's own wrapped key under another method id.
            try await sql.execute("UPDATE unlock_method SET id = 'another-id' WHERE account_id = '\(aliceID)'")
            await #expect(throws: NotesError.wrappedKeyDoesNotOpen(.password)) { try await open() }
            // Bob's wrapped key in Alice's row.
            try await sql.execute("""
                UPDATE unlock_method SET wrapped_key = (SELECT wrapped_key FROM unlock_method WHERE account_id = '\(bobID)') WHERE account_id = '\(aliceID)'
                """)
            await #expect(throws: NotesError.wrappedKeyDoesNotOpen(.password)) { try await open() }
            // Bob's wrapped key with Bob's method id too: only the account binding tells it apart.
            try await sql.execute("UPDATE unlock_method SET id = '\(bob.methodID)' WHERE account_id = '\(aliceID)'")
            await #expect(throws: NotesError.wrappedKeyDoesNotOpen(.password)) { try await open() }
        }
    }

    @Test("on an account with an account key a note must carry its label (an older client's note is refused); registration needs a label of its own",
          arguments: Backend.available)
    func labelEnforced(backend: Backend) async throws {
        try await backend.withApp { client, repository, path in
            var alice = KeyUser()
            try await Self.register(&alice, client)
            var fromPassword = alice.note("from an older client")
            fromPassword.kdf = NoteKDF(alice.user.kdf)
            let refused = try await client.execute(uri: "/v1/notes", method: .post, headers: alice.auth, body: body(NotesAPI.NoteWrite(note: fromPassword)))
            #expect(refused.status == .conflict)
            #expect(try decode(NotesAPI.ErrorBody.self, refused).error == "account_key_required")
            let created = try await client.execute(uri: "/v1/notes", method: .post, headers: alice.auth, body: body(NotesAPI.NoteWrite(note: alice.note("labelled"))))
            #expect(created.status == .created)
            var edit = fromPassword
            edit.id = try decode(NotesAPI.Note.self, created).id
            #expect(try await client.execute(uri: "/v1/notes/\(edit.id)", method: .put, headers: alice.auth,
                                             body: body(NotesAPI.NoteWrite(note: edit, version: 1))).status == .conflict)

            var bob = KeyUser()
            var sameSalt = bob.registration
            sameSalt.accountKey?.noteKDF.salt = sameSalt.kdf.salt
            #expect(try await client.execute(uri: "/v1/accounts", method: .post, headers: Self.json, body: body(sameSalt)).status == .badRequest)
            #expect(try await repository.account(username: bob.name) == nil)

            // Deleting the account deletes its key and methods too.
            try await Self.register(&bob, client)
            let bobID = UUIDText.lowercase(try #require(try await repository.account(username: bob.name)).id)
            #expect(try await client.execute(uri: "/v1/account", method: .delete, headers: bob.auth,
                                             body: body(NotesAPI.DeleteAccountRequest(authKey: bob.user.authKey))).status == .noContent)
            let sql = RawSQL(backend: backend, repository: repository, path: path)
            #expect(try await sql.strings("SELECT id FROM unlock_method WHERE account_id = '\(bobID)'").isEmpty)
            #expect(try await sql.strings("SELECT kdf_salt FROM account_key WHERE account_id = '\(bobID)'").isEmpty)
        }
    }
}

func keyBytes(_ key: SymmetricKey) -> Data { key.withUnsafeBytes { Data($0) } }

/// The app in process over a repository a test prepared (a copied fixture database).
extension AccountKeyServerTests {
    static func withApp(_ repository: any SeqrRepository, _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let settings = AccountsService.Settings.testing
        let accounts = try AccountsService(repository: repository, settings: settings)
        let notes = NotesService(repository: repository, plans: settings.plans)
        var quiet = Logger(label: "seqr-server-test")
        quiet.logLevel = .critical
        let app = Application(router: SeqrServerApplication.router(accounts: accounts, notes: notes, logRequests: false), logger: quiet)
        try await app.test(.router) { client in try await body(client) }
    }
}
