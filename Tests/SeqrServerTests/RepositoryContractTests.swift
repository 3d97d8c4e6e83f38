import Foundation
import SeqrCore
import SeqrServer
import Testing

/// The storage contract, called directly (not through HTTP), every method with its errors, each
/// test against SQLite and PostgreSQL: whatever one backend answers, the other must answer too.
@Suite("seqr-server storage contract")
struct RepositoryContractTests {
    // MARK: Schema

    @Test("the migrations recorded are the names existing databases hold (append-only)", arguments: Backend.available)
    func migrationNames(backend: Backend) async throws {
        try await backend.withRepository { repository, path in
            let names = try await RawSQL(backend: backend, repository: repository, path: path).strings(
                backend == .sqlite ? "SELECT identifier FROM grdb_migrations" : "SELECT name FROM seqr_migrations")
            #expect(Set(names).isSuperset(of: ["v1-accounts", "v1-sessions", "v1-notes", "v2-location", "v3-server-keys"]))
        }
    }

    @Test("a database an earlier server migrated part way finishes migrating and keeps its rows")
    func partlyMigrated() async throws {
        try await Backend.sqlite.withRepository { repository, path in
            let alice = try await Fixture.storedAccount(in: repository)
            let raw = RawSQL(backend: .sqlite, repository: repository, path: path)
            // As a database from before `v3-server-keys`.
            try await raw.execute("DROP TABLE server_key; DELETE FROM grdb_migrations WHERE identifier = 'v3-server-keys'")
            let reopened = try SQLiteRepository(path: try #require(path))
            try await reopened.migrate()
            #expect(try await reopened.account(id: alice.id) == alice)
            let key = Fixture.bytes(32)
            #expect(try await reopened.serverKey(named: "contract", ifAbsent: key) == key)
        }
    }

    // MARK: Accounts

    @Test("accounts are found by name and by id; a taken name is usernameTaken; names are case-sensitive; unknown ones are nil",
          arguments: Backend.available)
    func accounts(backend: Backend) async throws {
        try await backend.withRepository { repository, _ in
            let alice = try await Fixture.storedAccount(in: repository)
            #expect(try await repository.account(username: alice.username) == alice)
            #expect(try await repository.account(id: alice.id) == alice)
            var twin = Fixture.account()
            twin.username = alice.username
            await #expect(throws: RepositoryError.usernameTaken) { try await repository.createAccount(twin) }
            #expect(try await repository.account(id: twin.id) == nil)
            var shouting = Fixture.account()
            shouting.username = alice.username.uppercased()
            try await repository.createAccount(shouting)
            #expect(try await repository.account(username: shouting.username) == shouting)
            #expect(try await repository.account(username: "nobody-\(UUID())") == nil)
            #expect(try await repository.account(id: UUID()) == nil)
        }
    }

    @Test("setPro changes the stored plan and is false for a name with no account", arguments: Backend.available)
    func setPro(backend: Backend) async throws {
        try await backend.withRepository { repository, _ in
            let alice = try await Fixture.storedAccount(in: repository)
            #expect(try await repository.setPro(username: alice.username, true))
            #expect(try await repository.account(id: alice.id)?.pro == true)
            #expect(try await repository.setPro(username: alice.username, false))
            #expect(try await repository.account(id: alice.id)?.pro == false)
            #expect(try await repository.setPro(username: "nobody-\(UUID())", true) == false)
        }
    }

    @Test("a server key is stored once: later callers get the first value, not theirs", arguments: Backend.available)
    func serverKey(backend: Backend) async throws {
        try await backend.withRepository { repository, _ in
            let name = "contract-\(UUID())"
            let first = Fixture.bytes(32)
            let stored = try await repository.serverKey(named: name, ifAbsent: first)
            #expect(stored == first)
            #expect(try await repository.serverKey(named: name, ifAbsent: Fixture.bytes(32)) == first)
        }
    }

    @Test("a session is found until it expires (expiring now is expired), and not after it is deleted", arguments: Backend.available)
    func sessions(backend: Backend) async throws {
        try await backend.withRepository { repository, _ in
            let alice = try await Fixture.storedAccount(in: repository)
            let session = SessionRecord(tokenHash: Fixture.bytes(32), accountID: alice.id, createdAt: Fixture.t0, expiresAt: Fixture.t0 + 3600)
            try await repository.createSession(session)
            #expect(try await repository.session(tokenHash: session.tokenHash, now: Fixture.t0 + 1) == session)
            #expect(try await repository.session(tokenHash: session.tokenHash, now: Fixture.t0 + 3600) == nil)
            #expect(try await repository.session(tokenHash: Fixture.bytes(32), now: Fixture.t0 + 1) == nil)
            try await repository.deleteSession(tokenHash: session.tokenHash)
            #expect(try await repository.session(tokenHash: session.tokenHash, now: Fixture.t0 + 1) == nil)
            try await repository.deleteSession(tokenHash: Fixture.bytes(32))
        }
    }

    @Test("a live session is read with its account in one call (the bearer-token check); expired, deleted, unknown or of a deleted account, nil",
          arguments: Backend.available)
    func signedInAccount(backend: Backend) async throws {
        try await backend.withRepository { repository, _ in
            let alice = try await Fixture.storedAccount(in: repository)
            let bob = try await Fixture.storedAccount(in: repository)
            let session = SessionRecord(tokenHash: Fixture.bytes(32), accountID: alice.id, createdAt: Fixture.t0, expiresAt: Fixture.t0 + 3600)
            let bobs = SessionRecord(tokenHash: Fixture.bytes(32), accountID: bob.id, createdAt: Fixture.t0, expiresAt: Fixture.t0 + 3600)
            try await repository.createSession(session)
            try await repository.createSession(bobs)
            let found = try #require(try await repository.signedInAccount(tokenHash: session.tokenHash, now: Fixture.t0 + 1))
            #expect(found.session == session)
            #expect(found.account == alice)
            #expect(try await repository.signedInAccount(tokenHash: bobs.tokenHash, now: Fixture.t0 + 1)?.account == bob)
            #expect(try await repository.signedInAccount(tokenHash: session.tokenHash, now: Fixture.t0 + 3600) == nil)
            #expect(try await repository.signedInAccount(tokenHash: Fixture.bytes(32), now: Fixture.t0 + 1) == nil)
            try await repository.deleteSession(tokenHash: session.tokenHash)
            #expect(try await repository.signedInAccount(tokenHash: session.tokenHash, now: Fixture.t0 + 1) == nil)
            try await repository.deleteAccount(id: bob.id)
            #expect(try await repository.signedInAccount(tokenHash: bobs.tokenHash, now: Fixture.t0 + 1) == nil)
        }
    }

    @Test("deleting an account deletes its sessions, notes, shares and fixes, and nobody else's", arguments: Backend.available)
    func deleteAccount(backend: Backend) async throws {
        try await backend.withRepository { repository, _ in
            let (alice, bob) = (try await Fixture.storedAccount(in: repository), try await Fixture.storedAccount(in: repository))
            let session = SessionRecord(tokenHash: Fixture.bytes(32), accountID: alice.id, createdAt: Fixture.t0, expiresAt: Fixture.t0 + 3600)
            try await repository.createSession(session)
            let note = Fixture.note(owner: alice.id)
            try await repository.createNote(note, limit: nil)
            let bobsNote = Fixture.note(owner: bob.id)
            try await repository.createNote(bobsNote, limit: nil)
            let share = Fixture.share(owner: alice.id)
            try await repository.createShare(share, limit: nil)
            _ = try await repository.appendFixes(shareID: share.id, owner: alice.id, data: ["fix"], now: Fixture.t0, retention: Fixture.retention)

            try await repository.deleteAccount(id: alice.id)
            #expect(try await repository.account(id: alice.id) == nil)
            #expect(try await repository.session(tokenHash: session.tokenHash, now: Fixture.t0 + 1) == nil)
            #expect(try await repository.notes(owner: alice.id).isEmpty)
            #expect(try await repository.share(id: share.id) == nil)
            #expect(try await repository.fixes(shareID: share.id, after: 0, notBefore: .distantPast, limit: 10).isEmpty)
            #expect(try await repository.note(id: bobsNote.id, owner: bob.id) == bobsNote)
            try await repository.deleteAccount(id: UUID())
        }
    }

    @Test("a password change replaces hash, parameters and every note and ends other sessions — or, for a stale or changed note set, changes nothing",
          arguments: Backend.available)
    func replaceCredentials(backend: Backend) async throws {
        try await backend.withRepository { repository, _ in
            let (alice, bob) = (try await Fixture.storedAccount(in: repository), try await Fixture.storedAccount(in: repository))
            let (first, second) = (Fixture.note(owner: alice.id), Fixture.note(owner: alice.id, created: Fixture.t0 + 1))
            try await repository.createNote(first, limit: nil)
            try await repository.createNote(second, limit: nil)
            let bobsNote = Fixture.note(owner: bob.id)
            try await repository.createNote(bobsNote, limit: nil)
            let kept = SessionRecord(tokenHash: Fixture.bytes(32), accountID: alice.id, createdAt: Fixture.t0, expiresAt: Fixture.t0 + 3600)
            let other = SessionRecord(tokenHash: Fixture.bytes(32), accountID: alice.id, createdAt: Fixture.t0, expiresAt: Fixture.t0 + 3600)
            try await repository.createSession(kept)
            try await repository.createSession(other)
            let kdf = AccountKDFParameters.fresh(iterations: AccountKDFParameters.minimumIterations)
            let (newFirst, newSecond) = (Fixture.content(id: first.id), Fixture.content(id: second.id))
            @Sendable func change(_ notes: [UUID: (EncryptedNote, Int)]) async throws {
                try await repository.replaceCredentials(owner: alice.id, authHash: "changed", kdf: kdf, notes: notes, keepSession: kept.tokenHash,
                                                        now: Fixture.t0 + 60)
            }

            await #expect(throws: RepositoryError.staleVersion(current: 1)) { try await change([first.id: (newFirst, 1), second.id: (newSecond, 2)]) }
            await #expect(throws: RepositoryError.noteSetChanged) { try await change([first.id: (newFirst, 1)]) }
            await #expect(throws: RepositoryError.noteSetChanged) {
                try await change([first.id: (newFirst, 1), second.id: (newSecond, 1), UUID(): (newSecond, 1)])
            }
            await #expect(throws: RepositoryError.noteSetChanged) { try await change([first.id: (newFirst, 1), bobsNote.id: (newSecond, 1)]) }
            #expect(try await repository.account(id: alice.id) == alice)
            #expect(try await repository.notes(owner: alice.id) == [first, second])
            #expect(try await repository.session(tokenHash: other.tokenHash, now: Fixture.t0 + 1) == other)

            try await change([first.id: (newFirst, 1), second.id: (newSecond, 1)])
            let changed = try #require(try await repository.account(id: alice.id))
            #expect(changed.authHash == "changed" && changed.kdf == kdf)
            let notes = try await repository.notes(owner: alice.id)
            #expect(notes.map(\.note) == [newFirst, newSecond])
            #expect(notes.map(\.version) == [2, 2])
            #expect(try await repository.session(tokenHash: kept.tokenHash, now: Fixture.t0 + 1) == kept)
            #expect(try await repository.session(tokenHash: other.tokenHash, now: Fixture.t0 + 1) == nil)
            #expect(try await repository.note(id: bobsNote.id, owner: bob.id) == bobsNote)
        }
    }

    @Test("a write on behalf of an account that does not exist (deleted meanwhile) is notFound and stores nothing", arguments: Backend.available)
    func writesForNoAccount(backend: Backend) async throws {
        try await backend.withRepository { repository, _ in
            let ghost = UUID()
            let note = Fixture.note(owner: ghost)
            await #expect(throws: RepositoryError.notFound) { try await repository.createNote(note, limit: nil) }
            await #expect(throws: RepositoryError.notFound) { try await repository.createNote(note, limit: 10, storageQuota: 1_000) }
            let share = Fixture.share(owner: ghost)
            await #expect(throws: RepositoryError.notFound) { try await repository.createShare(share, limit: nil) }
            let session = SessionRecord(tokenHash: Fixture.bytes(32), accountID: ghost, createdAt: Fixture.t0, expiresAt: Fixture.t0 + 3600)
            await #expect(throws: RepositoryError.notFound) { try await repository.createSession(session) }
            await #expect(throws: RepositoryError.notFound) {
                try await repository.replaceCredentials(owner: ghost, authHash: "x", kdf: .fresh(iterations: AccountKDFParameters.minimumIterations),
                                                        notes: [:], keepSession: Data(), now: Fixture.t0)
            }
            let notes = try await repository.notes(owner: ghost)
            #expect(notes.isEmpty)
            #expect(try await repository.share(id: share.id) == nil)
            #expect(try await repository.session(tokenHash: session.tokenHash, now: Fixture.t0) == nil)
        }
    }

    // MARK: Notes

    @Test("notes are read back by their owner only, listed oldest first and counted", arguments: Backend.available)
    func notes(backend: Backend) async throws {
        try await backend.withRepository { repository, _ in
            let (alice, bob) = (try await Fixture.storedAccount(in: repository), try await Fixture.storedAccount(in: repository))
            let later = Fixture.note(owner: alice.id, created: Fixture.t0 + 10)
            let earlier = Fixture.note(owner: alice.id, created: Fixture.t0)
            try await repository.createNote(later, limit: nil)
            try await repository.createNote(earlier, limit: nil)
            #expect(try await repository.notes(owner: alice.id) == [earlier, later])
            // Notes of the same time are listed by id, compared as lowercase UUID text (which is byte order too).
            let twins = [Fixture.note(owner: bob.id, created: Fixture.t0), Fixture.note(owner: bob.id, created: Fixture.t0)]
            for twin in twins { try await repository.createNote(twin, limit: nil) }
            #expect(try await repository.notes(owner: bob.id) == twins.sorted { $0.id.uuidString.lowercased() < $1.id.uuidString.lowercased() })
            #expect(try await repository.noteCount(owner: alice.id) == 2)
            #expect(try await repository.note(id: later.id, owner: alice.id) == later)
            #expect(try await repository.note(id: later.id, owner: bob.id) == nil)
            #expect(try await repository.note(id: UUID(), owner: alice.id) == nil)
            #expect(try await repository.noteCount(owner: bob.id) == 2)
            #expect(try await repository.notes(owner: UUID()).isEmpty)
        }
    }

    @Test("creating a note: a taken id (anyone's) is noteExists, the count limit quotaExceeded, the byte quota storageQuotaExceeded — and nothing is stored",
          arguments: Backend.available)
    func createNoteRefusals(backend: Backend) async throws {
        try await backend.withRepository { repository, _ in
            let (alice, bob) = (try await Fixture.storedAccount(in: repository), try await Fixture.storedAccount(in: repository))
            let note = Fixture.note(owner: alice.id)
            try await repository.createNote(note, limit: 2)
            await #expect(throws: RepositoryError.noteExists) { try await repository.createNote(note, limit: nil) }
            var stolen = Fixture.note(owner: bob.id)
            stolen.id = note.id
            stolen.note.id = note.id
            await #expect(throws: RepositoryError.noteExists) { try await repository.createNote(stolen, limit: nil) }
            #expect(try await repository.noteCount(owner: bob.id) == 0)
            #expect(try await repository.note(id: note.id, owner: alice.id) == note)

            try await repository.createNote(Fixture.note(owner: alice.id), limit: 2)
            let third = Fixture.note(owner: alice.id)
            await #expect(throws: RepositoryError.quotaExceeded(limit: 2)) { try await repository.createNote(third, limit: 2) }
            #expect(try await repository.noteCount(owner: alice.id) == 2)

            // Each note holds 2 × 32 bytes of ciphertext: 128 stored; a third passes 191 but not 192.
            await #expect(throws: RepositoryError.storageQuotaExceeded(quota: 191)) {
                try await repository.createNote(third, limit: nil, storageQuota: 191)
            }
            #expect(try await repository.note(id: third.id, owner: alice.id) == nil)
            try await repository.createNote(third, limit: nil, storageQuota: 192)
            #expect(try await repository.noteCount(owner: alice.id) == 3)
        }
    }

    @Test("updating a note: the next version is stored and returned; stale is staleVersion, another owner's or none notFound, past the quota storageQuotaExceeded",
          arguments: Backend.available)
    func updateNote(backend: Backend) async throws {
        try await backend.withRepository { repository, _ in
            let (alice, bob) = (try await Fixture.storedAccount(in: repository), try await Fixture.storedAccount(in: repository))
            let note = Fixture.note(owner: alice.id)
            try await repository.createNote(note, limit: nil)
            let content = Fixture.content(id: note.id)
            let updated = try await repository.updateNote(id: note.id, owner: alice.id, content: content, expectedVersion: 1, now: Fixture.t0 + 5)
            #expect(updated == NoteRecord(id: note.id, accountID: alice.id, note: content, version: 2, createdAt: note.createdAt, updatedAt: Fixture.t0 + 5))
            #expect(try await repository.note(id: note.id, owner: alice.id) == updated)

            let again = Fixture.content(id: note.id)
            await #expect(throws: RepositoryError.staleVersion(current: 2)) {
                try await repository.updateNote(id: note.id, owner: alice.id, content: again, expectedVersion: 1, now: Fixture.t0 + 6)
            }
            await #expect(throws: RepositoryError.notFound) {
                try await repository.updateNote(id: note.id, owner: bob.id, content: again, expectedVersion: 2, now: Fixture.t0 + 6)
            }
            await #expect(throws: RepositoryError.notFound) {
                try await repository.updateNote(id: UUID(), owner: alice.id, content: again, expectedVersion: 1, now: Fixture.t0 + 6)
            }
            let bigger = Fixture.content(id: note.id, bytes: 64)
            await #expect(throws: RepositoryError.storageQuotaExceeded(quota: 127)) {
                try await repository.updateNote(id: note.id, owner: alice.id, content: bigger, expectedVersion: 2, now: Fixture.t0 + 6, storageQuota: 127)
            }
            #expect(try await repository.note(id: note.id, owner: alice.id) == updated)
            let stored = try await repository.updateNote(id: note.id, owner: alice.id, content: bigger, expectedVersion: 2, now: Fixture.t0 + 7,
                                                         storageQuota: 128)
            #expect(stored.version == 3 && stored.note == bigger)
        }
    }

    @Test("deleting a note is true once, false after, and false for another owner, whose attempt leaves it", arguments: Backend.available)
    func deleteNote(backend: Backend) async throws {
        try await backend.withRepository { repository, _ in
            let (alice, bob) = (try await Fixture.storedAccount(in: repository), try await Fixture.storedAccount(in: repository))
            let note = Fixture.note(owner: alice.id)
            try await repository.createNote(note, limit: nil)
            #expect(try await repository.deleteNote(id: note.id, owner: bob.id) == false)
            #expect(try await repository.note(id: note.id, owner: alice.id) == note)
            #expect(try await repository.deleteNote(id: note.id, owner: alice.id))
            #expect(try await repository.deleteNote(id: note.id, owner: alice.id) == false)
            #expect(try await repository.note(id: note.id, owner: alice.id) == nil)
        }
    }

    @Test("a stored note of a format this server does not know is unknownFormat on every read, stays stored, and can be replaced",
          arguments: Backend.available)
    func unknownNoteFormat(backend: Backend) async throws {
        try await backend.withRepository { repository, path in
            let alice = try await Fixture.storedAccount(in: repository)
            let note = Fixture.note(owner: alice.id)
            try await repository.createNote(note, limit: nil)
            try await RawSQL(backend: backend, repository: repository, path: path)
                .execute("UPDATE note SET format = 'seqr-aead-v9' WHERE id = '\(note.id.uuidString.lowercased())'")
            await #expect(throws: RepositoryError.unknownFormat("seqr-aead-v9")) { try await repository.note(id: note.id, owner: alice.id) }
            await #expect(throws: RepositoryError.unknownFormat("seqr-aead-v9")) { try await repository.notes(owner: alice.id) }
            #expect(try await repository.noteCount(owner: alice.id) == 1)
            let content = Fixture.content(id: note.id)
            let replaced = try await repository.updateNote(id: note.id, owner: alice.id, content: content, expectedVersion: 1, now: Fixture.t0 + 1)
            #expect(try await repository.note(id: note.id, owner: alice.id) == replaced)
        }
    }

    @Test("an id stored as text that is not a UUID is unreadableRow on SQLite, never a crash")
    func unreadableID() async throws {
        try await Backend.sqlite.withRepository { repository, path in
            let name = "broken-\(UUID())"
            try await RawSQL(backend: .sqlite, repository: repository, path: path).execute("""
                INSERT INTO account VALUES ('not-a-uuid', '\(name)', 'hash', 'pbkdf2-sha256', 600000, 'c2FsdA==', 0, 0);
                INSERT INTO session VALUES (x'00ff', 'not-a-uuid', 0, 1e12)
                """)
            await #expect(throws: RepositoryError.unreadableRow("a stored id is not a UUID")) { try await repository.account(username: name) }
            await #expect(throws: RepositoryError.unreadableRow("a stored id is not a UUID")) {
                try await repository.session(tokenHash: Data([0x00, 0xff]), now: Fixture.t0)
            }
        }
    }

    // MARK: Location

    @Test("shares are read by id, listed oldest first (ties by id, byte by byte) with fix counts, and limited per owner", arguments: Backend.available)
    func shares(backend: Backend) async throws {
        try await backend.withRepository { repository, _ in
            let (alice, bob) = (try await Fixture.storedAccount(in: repository), try await Fixture.storedAccount(in: repository))
            // Same time: "B…" sorts before "a…" byte by byte, after it in a linguistic collation.
            let tail = Fixture.shareID().dropFirst()
            let lower = Fixture.share(owner: alice.id, id: "a" + tail, created: Fixture.t0)
            let upper = Fixture.share(owner: alice.id, id: "B" + tail, created: Fixture.t0, expires: Fixture.t0 + 3600)
            let newest = Fixture.share(owner: alice.id, created: Fixture.t0 + 1)
            try await repository.createShare(lower, limit: 3)
            try await repository.createShare(upper, limit: 3)
            try await repository.createShare(newest, limit: 3)
            let extra = Fixture.share(owner: alice.id)
            await #expect(throws: RepositoryError.quotaExceeded(limit: 3)) { try await repository.createShare(extra, limit: 3) }
            #expect(try await repository.share(id: extra.id) == nil)
            try await repository.createShare(Fixture.share(owner: bob.id), limit: 1)

            _ = try await repository.appendFixes(shareID: lower.id, owner: alice.id, data: ["1", "2"], now: Fixture.t0 + 5, retention: Fixture.retention)
            #expect(try await repository.share(id: upper.id) == upper)
            #expect(try await repository.share(id: Fixture.shareID()) == nil)
            #expect(try await repository.shares(owner: alice.id) == [
                LocationAPI.Share(id: upper.id, format: upper.format, createdAt: upper.createdAt, expiresAt: upper.expiresAt, fixes: 0, lastFixAt: nil),
                LocationAPI.Share(id: lower.id, format: lower.format, createdAt: lower.createdAt, expiresAt: nil, fixes: 2, lastFixAt: Fixture.t0 + 5),
                LocationAPI.Share(id: newest.id, format: newest.format, createdAt: newest.createdAt, expiresAt: nil, fixes: 0, lastFixAt: nil),
            ])
        }
    }

    @Test("a taken share id is shareExists, whoever holds it: on create, and on rotate, which then changes nothing", arguments: Backend.available)
    func shareExists(backend: Backend) async throws {
        try await backend.withRepository { repository, _ in
            let (alice, bob) = (try await Fixture.storedAccount(in: repository), try await Fixture.storedAccount(in: repository))
            let share = Fixture.share(owner: alice.id)
            try await repository.createShare(share, limit: nil)
            let bobs = Fixture.share(owner: bob.id)
            try await repository.createShare(bobs, limit: nil)
            await #expect(throws: RepositoryError.shareExists) { try await repository.createShare(Fixture.share(owner: bob.id, id: share.id), limit: nil) }
            _ = try await repository.appendFixes(shareID: share.id, owner: alice.id, data: ["1"], now: Fixture.t0, retention: Fixture.retention)
            await #expect(throws: RepositoryError.shareExists) {
                try await repository.rotateShare(id: share.id, owner: alice.id, newID: bobs.id, now: Fixture.t0 + 1)
            }
            #expect(try await repository.share(id: share.id) == share)
            #expect(try await repository.share(id: bobs.id) == bobs)
            #expect(try await repository.fixes(shareID: share.id, after: 0, notBefore: .distantPast, limit: 10).count == 1)
        }
    }

    @Test("revoking a share is true once and drops its fixes; false after and for another owner", arguments: Backend.available)
    func deleteShare(backend: Backend) async throws {
        try await backend.withRepository { repository, _ in
            let (alice, bob) = (try await Fixture.storedAccount(in: repository), try await Fixture.storedAccount(in: repository))
            let share = Fixture.share(owner: alice.id)
            try await repository.createShare(share, limit: nil)
            _ = try await repository.appendFixes(shareID: share.id, owner: alice.id, data: ["1"], now: Fixture.t0, retention: Fixture.retention)
            #expect(try await repository.deleteShare(id: share.id, owner: bob.id) == false)
            #expect(try await repository.share(id: share.id) == share)
            #expect(try await repository.deleteShare(id: share.id, owner: alice.id))
            #expect(try await repository.deleteShare(id: share.id, owner: alice.id) == false)
            #expect(try await repository.share(id: share.id) == nil)
            #expect(try await repository.fixes(shareID: share.id, after: 0, notBefore: .distantPast, limit: 10).isEmpty)
        }
    }

    @Test("a share's expiry is set, lifted (nil) and set again by its owner, with its fixes kept; false for another owner or none",
          arguments: Backend.available)
    func setShareExpiry(backend: Backend) async throws {
        try await backend.withRepository { repository, _ in
            let (alice, bob) = (try await Fixture.storedAccount(in: repository), try await Fixture.storedAccount(in: repository))
            let share = Fixture.share(owner: alice.id, expires: Fixture.t0 + 3600)
            try await repository.createShare(share, limit: nil)
            _ = try await repository.appendFixes(shareID: share.id, owner: alice.id, data: ["1"], now: Fixture.t0, retention: Fixture.retention)
            #expect(try await repository.setShareExpiry(id: share.id, owner: bob.id, expiresAt: nil) == false)
            #expect(try await repository.setShareExpiry(id: Fixture.shareID(), owner: alice.id, expiresAt: nil) == false)
            #expect(try await repository.share(id: share.id)?.expiresAt == Fixture.t0 + 3600)
            #expect(try await repository.setShareExpiry(id: share.id, owner: alice.id, expiresAt: Fixture.t0 + 7200))
            #expect(try await repository.share(id: share.id)?.expiresAt == Fixture.t0 + 7200)
            #expect(try await repository.setShareExpiry(id: share.id, owner: alice.id, expiresAt: nil))
            #expect(try await repository.share(id: share.id)?.expiresAt == nil)
            #expect(try await repository.setShareExpiry(id: share.id, owner: alice.id, expiresAt: Fixture.t0 + 60))
            #expect(try await repository.share(id: share.id) == LocationShareRecord(id: share.id, accountID: alice.id, format: share.format,
                                                                                    createdAt: share.createdAt, expiresAt: Fixture.t0 + 60))
            #expect(try await repository.fixes(shareID: share.id, after: 0, notBefore: .distantPast, limit: 10).map(\.data) == ["1"])
        }
    }

    @Test("rotating a share moves it to a new id with its format and expiry and no fixes; the old id finds nothing; nil for another owner or none",
          arguments: Backend.available)
    func rotateShare(backend: Backend) async throws {
        try await backend.withRepository { repository, _ in
            let (alice, bob) = (try await Fixture.storedAccount(in: repository), try await Fixture.storedAccount(in: repository))
            let share = Fixture.share(owner: alice.id, format: .cryptoJS, expires: Fixture.t0 + 3600)
            try await repository.createShare(share, limit: nil)
            _ = try await repository.appendFixes(shareID: share.id, owner: alice.id, data: ["1"], now: Fixture.t0, retention: Fixture.retention)
            #expect(try await repository.rotateShare(id: share.id, owner: bob.id, newID: Fixture.shareID(), now: Fixture.t0 + 1) == nil)
            #expect(try await repository.rotateShare(id: Fixture.shareID(), owner: alice.id, newID: Fixture.shareID(), now: Fixture.t0 + 1) == nil)
            let newID = Fixture.shareID()
            let rotated = try await repository.rotateShare(id: share.id, owner: alice.id, newID: newID, now: Fixture.t0 + 2)
            #expect(rotated == LocationShareRecord(id: newID, accountID: alice.id, format: .cryptoJS, createdAt: Fixture.t0 + 2, expiresAt: Fixture.t0 + 3600))
            #expect(try await repository.share(id: newID) == rotated)
            #expect(try await repository.share(id: share.id) == nil)
            #expect(try await repository.fixes(shareID: share.id, after: 0, notBefore: .distantPast, limit: 10).isEmpty)
            #expect(try await repository.shares(owner: alice.id).map(\.fixes) == [0])
        }
    }

    @Test("fixes are numbered in order, kept by count and age; another owner's or no share is notFound and stores nothing", arguments: Backend.available)
    func appendFixes(backend: Backend) async throws {
        try await backend.withRepository { repository, _ in
            let (alice, bob) = (try await Fixture.storedAccount(in: repository), try await Fixture.storedAccount(in: repository))
            let share = Fixture.share(owner: alice.id)
            try await repository.createShare(share, limit: nil)
            let retention = LocationRetention(limit: 3, maxAge: 60)
            #expect(try await repository.appendFixes(shareID: share.id, owner: alice.id, data: ["1", "2"], now: Fixture.t0, retention: retention) == 2)
            #expect(try await repository.appendFixes(shareID: share.id, owner: alice.id, data: ["3", "4"], now: Fixture.t0 + 1, retention: retention) == 3)
            var fixes = try await repository.fixes(shareID: share.id, after: 0, notBefore: .distantPast, limit: 10)
            #expect(fixes == [LocationAPI.FeedFix(seq: 2, data: "2", receivedAt: Fixture.t0), LocationAPI.FeedFix(seq: 3, data: "3", receivedAt: Fixture.t0 + 1),
                              LocationAPI.FeedFix(seq: 4, data: "4", receivedAt: Fixture.t0 + 1)])
            // Exactly 60 s old is kept; older fixes go, though the count would keep them.
            #expect(try await repository.appendFixes(shareID: share.id, owner: alice.id, data: ["5"], now: Fixture.t0 + 61, retention: retention) == 3)
            #expect(try await repository.appendFixes(shareID: share.id, owner: alice.id, data: ["6"], now: Fixture.t0 + 62, retention: retention) == 2)
            fixes = try await repository.fixes(shareID: share.id, after: 0, notBefore: .distantPast, limit: 10)
            #expect(fixes.map(\.seq) == [5, 6])

            await #expect(throws: RepositoryError.notFound) {
                try await repository.appendFixes(shareID: share.id, owner: bob.id, data: ["x"], now: Fixture.t0 + 62, retention: retention)
            }
            await #expect(throws: RepositoryError.notFound) {
                try await repository.appendFixes(shareID: Fixture.shareID(), owner: alice.id, data: ["x"], now: Fixture.t0 + 62, retention: retention)
            }
            #expect(try await repository.fixes(shareID: share.id, after: 0, notBefore: .distantPast, limit: 10).map(\.seq) == [5, 6])
        }
    }

    @Test("the storage quota counts fixes in UTF-8 bytes, together with notes; past it storageQuotaExceeded stores nothing", arguments: Backend.available)
    func fixQuota(backend: Backend) async throws {
        try await backend.withRepository { repository, _ in
            let alice = try await Fixture.storedAccount(in: repository)
            try await repository.createNote(Fixture.note(owner: alice.id), limit: nil)
            let share = Fixture.share(owner: alice.id)
            try await repository.createShare(share, limit: nil)
            // 100 characters, 200 bytes: with the note's 64 bytes, 264.
            let accented = String(repeating: "é", count: 100)
            await #expect(throws: RepositoryError.storageQuotaExceeded(quota: 263)) {
                try await repository.appendFixes(shareID: share.id, owner: alice.id, data: [accented], now: Fixture.t0, retention: Fixture.retention,
                                                 storageQuota: 263)
            }
            #expect(try await repository.fixes(shareID: share.id, after: 0, notBefore: .distantPast, limit: 10).isEmpty)
            #expect(try await repository.appendFixes(shareID: share.id, owner: alice.id, data: [accented], now: Fixture.t0, retention: Fixture.retention,
                                                     storageQuota: 264) == 1)
        }
    }

    @Test("a feed read returns fixes after a sequence number and not before a time, the newest `limit` of them oldest first; an expired share still reads and stores",
          arguments: Backend.available)
    func feed(backend: Backend) async throws {
        try await backend.withRepository { repository, _ in
            let alice = try await Fixture.storedAccount(in: repository)
            let share = Fixture.share(owner: alice.id, expires: Fixture.t0 - 1)
            try await repository.createShare(share, limit: nil)
            // Expiry is the services' decision (`LocationShareRecord.isExpired(at:)`), not the repository's.
            #expect(try await repository.share(id: share.id)?.isExpired(at: Fixture.t0) == true)
            _ = try await repository.appendFixes(shareID: share.id, owner: alice.id, data: ["1", "2"], now: Fixture.t0, retention: Fixture.retention)
            _ = try await repository.appendFixes(shareID: share.id, owner: alice.id, data: ["3", "4", "5"], now: Fixture.t0 + 10, retention: Fixture.retention)
            func seqs(after: Int, notBefore: Date, limit: Int) async throws -> [Int] {
                try await repository.fixes(shareID: share.id, after: after, notBefore: notBefore, limit: limit).map(\.seq)
            }
            #expect(try await seqs(after: 0, notBefore: .distantPast, limit: 10) == [1, 2, 3, 4, 5])
            #expect(try await seqs(after: 2, notBefore: .distantPast, limit: 10) == [3, 4, 5])
            #expect(try await seqs(after: 0, notBefore: .distantPast, limit: 2) == [4, 5])
            #expect(try await seqs(after: 0, notBefore: .distantPast, limit: 0) == [])
            #expect(try await seqs(after: 0, notBefore: .distantPast, limit: -1) == [])
            #expect(try await seqs(after: 0, notBefore: Fixture.t0 + 10, limit: 10) == [3, 4, 5])
            #expect(try await seqs(after: 0, notBefore: Fixture.t0 + 11, limit: 10) == [])
            #expect(try await repository.fixes(shareID: Fixture.shareID(), after: 0, notBefore: .distantPast, limit: 10).isEmpty)
        }
    }

    @Test("a stored share of a format this server does not know is unknownFormat, for a follower and for its owner", arguments: Backend.available)
    func unknownShareFormat(backend: Backend) async throws {
        try await backend.withRepository { repository, path in
            let alice = try await Fixture.storedAccount(in: repository)
            let share = Fixture.share(owner: alice.id)
            try await repository.createShare(share, limit: nil)
            try await RawSQL(backend: backend, repository: repository, path: path)
                .execute("UPDATE location_share SET format = 'seqr-location-v9' WHERE id = '\(share.id)'")
            await #expect(throws: RepositoryError.unknownFormat("seqr-location-v9")) { try await repository.share(id: share.id) }
            await #expect(throws: RepositoryError.unknownFormat("seqr-location-v9")) { try await repository.shares(owner: alice.id) }
        }
    }
}
