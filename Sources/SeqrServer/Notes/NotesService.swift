import Foundation
import Hummingbird
import SeqrCore

/// The notes API: end-to-end encrypted notes of a signed-in account (``AccountsService`` signs
/// it in). Everything it receives is ciphertext; it never runs anything on note content.
public struct NotesService: Sendable {
    public struct Settings: Sendable {
        /// Bytes of note ciphertext and location fixes one account may store; nil for no quota.
        public var storageQuota: Int? = 4 * 1024 * 1024
        public init() {}
    }

    /// Largest ciphertexts accepted per field: 30 and 2,500 characters of UTF-8 (at most
    /// 4 bytes each) plus the largest format overhead, with room to spare.
    static let maxTitleBytes = 1024
    static let maxInfoBytes = 16 * 1024
    static let maxNoteBody = 64 * 1024

    let repository: any NoteRepository & AccountRepository & AccountKeyRepository
    let plans: AccountPlans
    let settings: Settings

    /// - Parameter plans: the same value ``AccountsService`` reports, so the limit enforced is the one shown.
    public init(repository: any NoteRepository & AccountRepository & AccountKeyRepository, plans: AccountPlans = AccountPlans(), settings: Settings = Settings()) {
        self.repository = repository
        self.plans = plans
        self.settings = settings
    }

    func addRoutes(to router: Router<SeqrRequestContext>, auth: BearerAuthMiddleware) {
        let notes = router.group("v1/notes").add(middleware: auth)
        notes.get(use: listNotes)
        notes.post(use: createNote)
        notes.get(":id", use: getNote)
        notes.put(":id", use: updateNote)
        notes.delete(":id", use: deleteNote)
    }

    // MARK: Bodies

    func decode<T: Decodable>(_ type: T.Type, _ request: Request, limit: Int = maxNoteBody) async throws -> T {
        try await JSONBody.decode(type, request, limit: limit)
    }

    func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        try JSONBody.response(value, status: status)
    }

    static func checkNote(_ note: EncryptedNote) throws {
        // RNCryptor fields are keyed by the password through PBKDF2-SHA1: stored here they would be a
        // cheaper password test than the account key. Notes stored before stay readable.
        guard note.format == .seqrAEAD else {
            throw APIError(.badRequest, "legacy_format", "notes are stored only as seqr-aead-v1; \(note.format.rawValue) is read, never written")
        }
        guard note.kdf.isValid(for: note.format) else { throw APIError.badRequest("the note's kdf does not fit its format") }
        guard !note.title.isEmpty, note.title.count <= maxTitleBytes else { throw APIError.badRequest("title ciphertext must be 1–\(maxTitleBytes) bytes") }
        guard !note.info.isEmpty, note.info.count <= maxInfoBytes else { throw APIError.badRequest("info ciphertext must be 1–\(maxInfoBytes) bytes") }
    }

    /// On an account with an account key every note carries its label: a note sealed by an older
    /// client under a password-derived key (labelled with the password's parameters) is refused,
    /// rather than stored where no current client could open it.
    func checkLabel(_ note: EncryptedNote, owner: UUID) async throws {
        guard let key = try await repository.accountKey(owner: owner), note.kdf != NoteKDF(key.noteKDF) else { return }
        throw APIError(.conflict, "account_key_required",
                       "this account's notes are sealed under its account key, and this note is not: update the client that wrote it")
    }

    // MARK: Notes

    func noteID(_ context: SeqrRequestContext) throws -> UUID {
        guard let text = context.parameters.get("id"), let id = UUIDText.parse(text) else { throw APIError.noteNotFound }
        return id
    }

    @Sendable func listNotes(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        try json(NotesAPI.NoteList(notes: try await repository.notes(owner: context.account!.id).map(\.api)))
    }

    @Sendable func getNote(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        guard let note = try await repository.note(id: try noteID(context), owner: context.account!.id) else { throw APIError.noteNotFound }
        return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: NoteResponseJSON.encode(note.api)))
    }

    @Sendable func createNote(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let body = try await decode(NotesAPI.NoteWrite.self, request)
        try Self.checkNote(body.note)
        try await checkLabel(body.note, owner: context.account!.id)
        // The plan as stored now, not as cached with the session: an upgrade counts at once.
        let account = try await repository.account(id: context.account!.id) ?? context.account!
        let now = Date()
        let record = NoteRecord(id: body.note.id, accountID: account.id, note: body.note, version: 1, createdAt: now, updatedAt: now)
        do {
            try await repository.createNote(record, limit: plans.noteLimit(for: account), storageQuota: settings.storageQuota)
        } catch RepositoryError.quotaExceeded(let limit) {
            throw APIError(.init(code: 402, reasonPhrase: "Payment Required"), "quota_exceeded", "free accounts hold at most \(limit) notes; delete one or upgrade to pro")
        } catch RepositoryError.storageQuotaExceeded(let quota) {
            throw APIError.storageQuotaExceeded(quota)
        } catch RepositoryError.noteExists {
            throw APIError(.conflict, "note_exists", "a note with this id exists")
        }
        return try json(record.api, status: .created)
    }

    @Sendable func updateNote(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let id = try noteID(context)
        let body = try await decode(NotesAPI.NoteWrite.self, request)
        guard body.note.id == id else { throw APIError.badRequest("the note's id does not match the URL") }
        guard let version = body.version else { throw APIError.badRequest("an update needs the version it edits") }
        try Self.checkNote(body.note)
        try await checkLabel(body.note, owner: context.account!.id)
        do {
            let stored = try await repository.updateNote(id: id, owner: context.account!.id, content: body.note, expectedVersion: version, now: Date(),
                                                         storageQuota: settings.storageQuota)
            return try json(stored.api)
        } catch RepositoryError.storageQuotaExceeded(let quota) {
            throw APIError.storageQuotaExceeded(quota)
        } catch RepositoryError.notFound {
            throw APIError.noteNotFound
        } catch RepositoryError.staleVersion(let current) {
            throw APIError(.conflict, "stale_version", "the note is at version \(current), not \(version): reload it and edit again")
        }
    }

    @Sendable func deleteNote(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        guard try await repository.deleteNote(id: try noteID(context), owner: context.account!.id) else { throw APIError.noteNotFound }
        return Response(status: .noContent)
    }
}
