import Crypto
import Foundation
import Hummingbird
import Logging
import SeqrCore

/// The notes API: accounts, sessions and end-to-end encrypted notes. Everything it receives
/// is an authentication key or ciphertext; it never runs anything on note content.
public struct NotesService: Sendable {
    public struct Settings: Sendable {
        /// Notes a free account may hold; pro accounts have no limit.
        public var freeNoteLimit: Int = 10
        public var sessionLifetime: TimeInterval = 7 * 24 * 3600
        public var hasher: AuthKeyHasher = .standard
        public var loginLimits: LoginRateLimiter.Limits = .init()
        public var registrationLimits: RegistrationLimiter.Limits = .init()
        /// Bytes of note ciphertext and location fixes one account may store; nil for no quota.
        public var storageQuota: Int? = 4 * 1024 * 1024
        /// What the KDF endpoint answers for names that have no account, so that it does not
        /// tell which usernames exist.
        public var decoyIterations: Int = AccountKDFParameters.defaultIterations
        /// Seconds a verified session is trusted without asking the database again (``SessionCache``); 0 turns the cache off.
        public var sessionCacheLifetime: TimeInterval = 2
        public init() {}
    }

    /// Largest ciphertexts accepted per field: 30 and 2,500 characters of UTF-8 (at most
    /// 4 bytes each) plus the largest format overhead, with room to spare.
    static let maxTitleBytes = 1024
    static let maxInfoBytes = 16 * 1024
    static let maxNoteBody = 64 * 1024

    let repository: any NoteRepository
    let settings: Settings
    let limiter: LoginRateLimiter
    let registrations: RegistrationLimiter
    let decoyHash: String
    let decoyKey: DecoyKDFKey
    let sessions: SessionCache

    public init(repository: any NoteRepository, settings: Settings = Settings()) throws {
        self.repository = repository
        self.settings = settings
        limiter = LoginRateLimiter(limits: settings.loginLimits)
        registrations = RegistrationLimiter(limits: settings.registrationLimits)
        decoyHash = try settings.hasher.decoy()
        decoyKey = DecoyKDFKey()
        sessions = SessionCache(lifetime: settings.sessionCacheLifetime)
    }

    /// Resolves bearer tokens for these routes and any other signed-in ones (location shares).
    var authMiddleware: BearerAuthMiddleware { BearerAuthMiddleware(repository: repository, sessions: sessions) }

    public func addRoutes(to router: Router<SeqrRequestContext>) {
        let v1 = router.group("v1")
        v1.get("kdf", use: kdf)
        v1.post("accounts", use: register)
        v1.post("sessions", use: login)
        let signedIn = v1.group().add(middleware: authMiddleware)
        signedIn.delete("sessions/current", use: logout)
        signedIn.get("account", use: account)
        signedIn.delete("account", use: deleteAccount)
        signedIn.put("account/password", use: changePassword)
        signedIn.get("notes", use: listNotes)
        signedIn.post("notes", use: createNote)
        signedIn.get("notes/:id", use: getNote)
        signedIn.put("notes/:id", use: updateNote)
        signedIn.delete("notes/:id", use: deleteNote)
    }

    // MARK: Bodies

    func decode<T: Decodable>(_ type: T.Type, _ request: Request, limit: Int = maxNoteBody) async throws -> T {
        try await JSONBody.decode(type, request, limit: limit)
    }

    func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        try JSONBody.response(value, status: status)
    }

    static func checkAuthKey(_ key: String) throws {
        guard let bytes = Data(base64Encoded: key), bytes.count == 32 else {
            throw APIError.badRequest("authKey must be 32 bytes of base64")
        }
    }

    static func checkKDF(_ kdf: AccountKDFParameters) throws {
        guard kdf.algorithm == AccountKDFParameters.pbkdf2SHA256,
              (AccountKDFParameters.minimumIterations...AccountKDFParameters.maximumIterations).contains(kdf.iterations),
              let salt = Data(base64Encoded: kdf.salt), (16...64).contains(salt.count) else {
            throw APIError.badRequest("kdf must be pbkdf2-sha256 with \(AccountKDFParameters.minimumIterations)+ iterations and a 16–64 byte salt")
        }
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

    // MARK: Accounts and sessions

    @Sendable func kdf(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        guard let username = request.uri.queryParameters.get("username"), NotesAPI.isValidUsername(username) else {
            throw APIError.badRequest("username query parameter missing or invalid")
        }
        if let account = try await repository.account(username: username) { return try json(NotesAPI.KDFResponse(kdf: account.kdf)) }
        // A decoy salt per name, stable across restarts and replicas, so unknown names look like known ones.
        let salt = DecoyKDFKey.salt(for: username, key: try await decoyKey.key(from: repository))
        return try json(NotesAPI.KDFResponse(kdf: AccountKDFParameters(iterations: settings.decoyIterations, salt: salt.base64EncodedString())))
    }

    func startSession(for account: AccountRecord, status: HTTPResponse.Status) async throws -> Response {
        let (token, hash) = SessionToken.generate()
        let now = Date()
        let expires = now.addingTimeInterval(settings.sessionLifetime)
        try await repository.createSession(SessionRecord(tokenHash: hash, accountID: account.id, createdAt: now, expiresAt: expires))
        return try json(NotesAPI.SessionResponse(token: token, expiresAt: expires, username: account.username, kdf: account.kdf,
                                                 plan: account.pro ? "pro" : "free"), status: status)
    }

    @Sendable func register(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let body = try await decode(NotesAPI.RegisterRequest.self, request)
        guard NotesAPI.isValidUsername(body.username) else {
            throw APIError.badRequest("username must be 3–64 letters, digits or . _ - @")
        }
        try Self.checkAuthKey(body.authKey)
        try Self.checkKDF(body.kdf)
        // Before the Argon2id hash, which is what a flood of registrations would cost.
        if let wait = await registrations.attempt(address: context.clientAddress) {
            throw APIError(.tooManyRequests, "registration_limited", "too many new accounts from here or on this server; try again in \(wait) s",
                           retryAfter: wait)
        }
        let account = AccountRecord(id: UUID(), username: body.username, authHash: try await settings.hasher.hash(body.authKey),
                                    kdf: body.kdf, pro: false, createdAt: Date())
        do {
            try await repository.createAccount(account)
        } catch RepositoryError.usernameTaken {
            throw APIError(.conflict, "username_taken", "that username is taken")
        }
        context.logger.info("account created", metadata: ["account": "\(account.id)"])
        return try await startSession(for: account, status: .created)
    }

    /// Checks a username and authentication key; failures are rate-limited per account and per address.
    func authenticate(username: String, authKey: String, context: SeqrRequestContext) async throws -> AccountRecord {
        let address = context.clientAddress
        if let wait = await limiter.attempt(account: username, address: address) {
            throw APIError(.tooManyRequests, "rate_limited", "too many failed logins; try again in \(wait) s", retryAfter: wait)
        }
        let account = NotesAPI.isValidUsername(username) ? try await repository.account(username: username) : nil
        let valid = await settings.hasher.verify(authKey, against: account?.authHash ?? decoyHash)
        guard let account, valid else {
            context.logger.notice("login failed")
            throw APIError.wrongCredentials
        }
        await limiter.succeeded(account: username, address: address)
        return account
    }

    @Sendable func login(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let body = try await decode(NotesAPI.LoginRequest.self, request)
        let account = try await authenticate(username: body.username, authKey: body.authKey, context: context)
        return try await startSession(for: account, status: .ok)
    }

    @Sendable func logout(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        try await repository.deleteSession(tokenHash: context.sessionHash!)
        sessions.forget(account: context.account!.id)
        return Response(status: .noContent)
    }

    func limit(for account: AccountRecord) -> Int? { account.pro ? nil : settings.freeNoteLimit }

    @Sendable func account(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let account = try await repository.account(id: context.account!.id) ?? context.account!
        return try json(NotesAPI.AccountResponse(username: account.username, plan: account.pro ? "pro" : "free",
                                                 notes: try await repository.noteCount(owner: account.id), noteLimit: limit(for: account),
                                                 kdf: account.kdf))
    }

    @Sendable func deleteAccount(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let body = try await decode(NotesAPI.DeleteAccountRequest.self, request)
        let account = try await authenticate(username: context.account!.username, authKey: body.authKey, context: context)
        try await repository.deleteAccount(id: account.id)
        sessions.forget(account: account.id)
        context.logger.info("account deleted", metadata: ["account": "\(account.id)"])
        return Response(status: .noContent)
    }

    @Sendable func changePassword(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let body = try await decode(NotesAPI.PasswordChangeRequest.self, request, limit: 4 * 1024 * 1024)
        let account = try await authenticate(username: context.account!.username, authKey: body.authKey, context: context)
        try Self.checkAuthKey(body.newAuthKey)
        try Self.checkKDF(body.newKDF)
        var notes: [UUID: (EncryptedNote, Int)] = [:]
        for write in body.notes {
            try Self.checkNote(write.note)
            guard let version = write.version else { throw APIError.badRequest("every note needs the version it was read at") }
            notes[write.note.id] = (write.note, version)
        }
        guard notes.count == body.notes.count else { throw APIError.badRequest("a note is listed twice") }
        let hash = try await settings.hasher.hash(body.newAuthKey)
        do {
            try await repository.replaceCredentials(owner: account.id, authHash: hash, kdf: body.newKDF, notes: notes,
                                                    keepSession: context.sessionHash!, now: Date())
        } catch RepositoryError.noteSetChanged, RepositoryError.staleVersion {
            throw APIError(.conflict, "notes_changed", "notes changed during the password change; nothing was replaced, try again")
        }
        sessions.forget(account: account.id)
        context.logger.info("password changed", metadata: ["account": "\(account.id)"])
        return Response(status: .noContent)
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
        // The plan as stored now, not as cached with the session: an upgrade counts at once.
        let account = try await repository.account(id: context.account!.id) ?? context.account!
        let now = Date()
        let record = NoteRecord(id: body.note.id, accountID: account.id, note: body.note, version: 1, createdAt: now, updatedAt: now)
        do {
            try await repository.createNote(record, limit: limit(for: account), storageQuota: settings.storageQuota)
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

/// Resolves `Authorization: Bearer` to a live session and its account, or answers 401.
struct BearerAuthMiddleware: RouterMiddleware {
    typealias Context = SeqrRequestContext
    let repository: any NoteRepository
    let sessions: SessionCache

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let token = SessionToken.fromHeader(request.headers[.authorization]) else { throw APIError.unauthorized }
        let hash = SessionToken.hash(token)
        let now = Date()
        let account: AccountRecord
        if let cached = sessions.account(for: hash, now: now) {
            account = cached
        } else {
            guard let session = try await repository.session(tokenHash: hash, now: now),
                  let stored = try await repository.account(id: session.accountID) else {
                throw APIError.unauthorized
            }
            sessions.store(stored, for: session, now: now)
            account = stored
        }
        var context = context
        context.signedIn = SignedInSession(account: account, tokenHash: hash)
        // For the info lines handlers write (account created, password changed, …); setting it
        // copies the logger's storage, so not when those lines are off.
        if context.logger.logLevel <= .info { context.logger[metadataKey: "account"] = "\(account.id)" }
        return try await next(request, context)
    }
}
