import Crypto
import Foundation
import Hummingbird
import Logging
import SeqrCore

/// The accounts API: registration, the KDF parameters a client derives its keys with, login and
/// sessions, password change and account deletion; and the bearer-token middleware every
/// signed-in route of the other services sits behind (``authMiddleware``). It receives an
/// authentication key, never a password, and keeps only its Argon2id hash.
public struct AccountsService: Sendable {
    public struct Settings: Sendable {
        public var plans = AccountPlans()
        public var sessionLifetime: TimeInterval = 7 * 24 * 3600
        public var hasher: AuthKeyHasher = .standard
        public var loginLimits: LoginRateLimiter.Limits = .init()
        public var registrationLimits: RegistrationLimiter.Limits = .init()
        /// What the KDF endpoint answers for names that have no account, so that it does not
        /// tell which usernames exist.
        public var decoyIterations: Int = AccountKDFParameters.defaultIterations
        /// Seconds a verified session is trusted without asking the database again (``SessionCache``); 0 turns the cache off.
        public var sessionCacheLifetime: TimeInterval = 2
        /// Argon2id hashes (logins, registrations, password changes) running or waiting at once; 503 beyond (``HashingQueue``).
        public var hashingCapacity = HashingQueue.defaultCapacity
        /// Servers on one PostgreSQL database count logins and registrations together when their
        /// scopes are equal: all of them, by default. (Tests give each in-process server its own.)
        public var limitScope = ""
        /// The origin passkeys are registered for and used from (`--origin`); nil: passkeys off (``AccountsService/addPasskeyRoutes(to:signedIn:)``).
        public var relyingParty: WebAuthnRelyingParty?
        public init() {}
    }

    /// Registration and login bodies are a name, a key and KDF parameters; a password change
    /// carries every note, re-encrypted.
    static let maxBody = 64 * 1024
    static let maxPasswordChangeBody = 4 * 1024 * 1024

    let repository: any AccountRepository & AccountKeyRepository & KeyringCounterRepository & NoteRepository
    let settings: Settings
    let limiter: LoginRateLimiter
    let registrations: RegistrationLimiter
    let decoyHash: String
    let decoyKey: DecoyKDFKey
    let sessions: SessionCache
    let events: any ClusterEvents
    /// Bounds the Argon2id work waiting at once; every hash and verify goes through it.
    public let hashing: HashingQueue
    /// WebAuthn challenges issued and not yet used (``PasskeyChallenges``).
    let passkeyChallenges = PasskeyChallenges()

    /// - Parameter events: how revocations reach every instance's session cache: ``LocalClusterEvents``
    ///   for one process, ``PostgresClusterEvents`` for instances sharing a PostgreSQL database
    ///   (``RepositoryLocation/clusterEvents(for:logger:)`` picks). A repository that is also a
    ///   ``WindowCounterStore`` (PostgreSQL) keeps the login and registration limits for every instance.
    public init(repository: any AccountRepository & AccountKeyRepository & KeyringCounterRepository & NoteRepository, settings: Settings = Settings(),
                events: any ClusterEvents = LocalClusterEvents()) throws {
        self.repository = repository
        self.settings = settings
        let shared = repository as? any WindowCounterStore
        limiter = LoginRateLimiter(limits: settings.loginLimits, shared: shared, scope: settings.limitScope)
        registrations = RegistrationLimiter(limits: settings.registrationLimits, shared: shared, scope: settings.limitScope)
        decoyHash = try settings.hasher.decoy()
        decoyKey = DecoyKDFKey()
        self.events = events
        sessions = SessionCache(lifetime: settings.sessionCacheLifetime, events: events)
        hashing = HashingQueue(capacity: settings.hashingCapacity)
    }

    /// Drops the account's cached sessions here and on every other instance before the request answers.
    func revokeCachedSessions(of account: UUID) async {
        sessions.forget(account: account)
        await events.publish(.sessionsRevoked(account: account))
    }

    /// Resolves bearer tokens for these routes and every other signed-in one (notes, location shares).
    var authMiddleware: BearerAuthMiddleware { BearerAuthMiddleware(repository: repository, sessions: sessions) }

    public func addRoutes(to router: Router<SeqrRequestContext>) {
        let v1 = router.group("v1")
        v1.get("kdf", use: kdf)
        v1.post("accounts", use: register)
        v1.post("sessions", use: login)
        let signedIn = v1.group().add(middleware: authMiddleware)
        signedIn.delete("sessions/current", use: logout)
        signedIn.delete("sessions/:session", use: endLeftSession)
        signedIn.get("account", use: account)
        signedIn.delete("account", use: deleteAccount)
        signedIn.put("account/password", use: changePassword)
        addUnlockRoutes(to: signedIn)
        addKeyringCounterRoutes(to: signedIn)
        addKitRoutes(to: v1, signedIn: signedIn)
        addPasskeyRoutes(to: v1, signedIn: signedIn)
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

    // MARK: Handlers

    @Sendable func kdf(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        guard let username = request.uri.queryParameters.get("username"), NotesAPI.isValidUsername(username) else {
            throw APIError.badRequest("username query parameter missing or invalid")
        }
        if let account = try await repository.account(username: username) {
            return try JSONBody.response(NotesAPI.KDFResponse(kdf: account.kdf))
        }
        // A decoy salt per name, stable across restarts and replicas, so unknown names look like known ones.
        let salt = DecoyKDFKey.salt(for: username, key: try await decoyKey.key(from: repository))
        let decoy = AccountKDFParameters(iterations: settings.decoyIterations, salt: salt.base64EncodedString())
        return try JSONBody.response(NotesAPI.KDFResponse(kdf: decoy))
    }

    func startSession(for account: AccountRecord, status: HTTPResponse.Status) async throws -> Response {
        let (token, hash) = SessionToken.generate()
        let now = Date()
        let expires = now.addingTimeInterval(settings.sessionLifetime)
        try await repository.createSession(SessionRecord(tokenHash: hash, accountID: account.id, createdAt: now, expiresAt: expires))
        return try JSONBody.response(NotesAPI.SessionResponse(token: token, expiresAt: expires, username: account.username, kdf: account.kdf,
                                                 plan: AccountPlans.name(of: account)), status: status)
    }

    @Sendable func register(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(NotesAPI.RegisterRequest.self, request, limit: Self.maxBody)
        guard NotesAPI.isValidUsername(body.username) else {
            throw APIError.badRequest("username must be 3–64 letters, digits or . _ - @")
        }
        try Self.checkAuthKey(body.authKey)
        try Self.checkKDF(body.kdf)
        if let key = body.accountKey {
            try Self.checkKDF(key.noteKDF)
            try Self.checkMethod(key.password, kind: .password)
            // A label no password derives: an older client's note, labelled with the password's parameters, is then refused.
            guard key.noteKDF.salt != body.kdf.salt else { throw APIError.badRequest("the account key's noteKDF needs a salt of its own") }
        }
        return try await hashing.run { try await registerAdmitted(body, context: context) }
    }

    /// A registration with its place in ``hashing`` taken: a full queue refuses it before it counts against any limit.
    private func registerAdmitted(_ body: NotesAPI.RegisterRequest, context: SeqrRequestContext) async throws -> Response {
        // Before the Argon2id hash, which is what a flood of registrations would cost.
        if let wait = try await registrations.attempt(address: context.clientAddress) {
            ServerMetrics.refused(.registrationRate)
            throw APIError(.tooManyRequests, "registration_limited", "too many new accounts from here or on this server; try again in \(wait) s",
                           retryAfter: wait)
        }
        let account: AccountRecord
        do {
            account = AccountRecord(id: UUID(), username: body.username, authHash: try await settings.hasher.hash(body.authKey),
                                    kdf: body.kdf, pro: false, createdAt: Date())
            if let key = body.accountKey {
                try await repository.createAccount(account, key: AccountKeyRecord(
                    accountID: account.id, noteKDF: key.noteKDF, createdAt: account.createdAt,
                    methods: [Self.record(key.password, owner: account.id, at: account.createdAt)]))
            } else {
                try await repository.createAccount(account)
            }
        } catch {
            // Only accounts created count against the server-wide limit.
            try? await registrations.createdNothing()
            if case RepositoryError.usernameTaken = error { throw APIError(.conflict, "username_taken", "that username is taken") }
            throw error
        }
        context.logger.info("account created", metadata: ["account": "\(account.id)"])
        ServerMetrics.registrations.increment()
        return try await startSession(for: account, status: .created)
    }

    /// Checks a username and authentication key; failures are rate-limited per address, and per account
    /// from each address (``LoginRateLimiter``): the owner elsewhere is never locked out.
    func authenticate(username: String, authKey: String, context: SeqrRequestContext) async throws -> AccountRecord {
        try await hashing.run { try await authenticateAdmitted(username: username, authKey: authKey, context: context) }
    }

    /// ``authenticate(username:authKey:context:)`` with its place in ``hashing`` taken: a full queue
    /// refuses a login before it counts as an attempt.
    private func authenticateAdmitted(username: String, authKey: String, context: SeqrRequestContext) async throws -> AccountRecord {
        let address = context.clientAddress
        if let wait = try await limiter.attempt(account: username, address: address) {
            ServerMetrics.refused(.loginRate)
            throw APIError(.tooManyRequests, "rate_limited", "too many failed logins; try again in \(wait) s", retryAfter: wait)
        }
        let account = NotesAPI.isValidUsername(username) ? try await repository.account(username: username) : nil
        let valid = await settings.hasher.verify(authKey, against: account?.authHash ?? decoyHash)
        guard let account, valid else {
            context.logger.notice("login failed")
            ServerMetrics.loginFailures.increment()
            throw APIError.wrongCredentials
        }
        try await limiter.succeeded(account: username, address: address)
        return account
    }

    @Sendable func login(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(NotesAPI.LoginRequest.self, request, limit: Self.maxBody)
        let account = try await authenticate(username: body.username, authKey: body.authKey, context: context)
        return try await startSession(for: account, status: .ok)
    }

    @Sendable func logout(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        try await repository.deleteSession(tokenHash: context.sessionHash!)
        await revokeCachedSessions(of: context.account!.id)
        return Response(status: .noContent)
    }

    /// Ends another session of the signed-in account, named by its id: the base64url SHA-256 of its token, the
    /// same hash the server keys sessions by. A page going away (a reload) ends its session with a keepalive
    /// request the browser may never deliver; the page keeps only this id, which cannot authenticate, and the
    /// next sign-in in that tab ends the session with it. Idempotent and no oracle: 204 whether the session
    /// existed, had already ended, or belongs to another account (which is left alone).
    @Sendable func endLeftSession(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        guard let id = context.parameters.get("session"), let hash = Base64URL.decode(id), hash.count == 32 else {
            throw APIError.badRequest("a session id is the base64url SHA-256 of its token: 43 characters")
        }
        let account = context.account!.id
        if let session = try await repository.session(tokenHash: hash, now: Date()), session.accountID == account {
            try await repository.deleteSession(tokenHash: hash)
            await revokeCachedSessions(of: account)
        }
        return Response(status: .noContent)
    }

    @Sendable func account(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let account = try await repository.account(id: context.account!.id) ?? context.account!
        return try JSONBody.response(NotesAPI.AccountResponse(username: account.username, plan: AccountPlans.name(of: account),
                                                 notes: try await repository.noteCount(owner: account.id), noteLimit: settings.plans.noteLimit(for: account),
                                                 kdf: account.kdf))
    }

    @Sendable func deleteAccount(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(NotesAPI.DeleteAccountRequest.self, request, limit: Self.maxBody)
        let account = try await authenticate(username: context.account!.username, authKey: body.authKey, context: context)
        try await repository.deleteAccount(id: account.id)
        await revokeCachedSessions(of: account.id)
        context.logger.info("account deleted", metadata: ["account": "\(account.id)"])
        return Response(status: .noContent)
    }

    @Sendable func changePassword(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(NotesAPI.PasswordChangeRequest.self, request, limit: Self.maxPasswordChangeBody)
        let account = try await authenticate(username: context.account!.username, authKey: body.authKey, context: context)
        try Self.checkAuthKey(body.newAuthKey)
        try Self.checkKDF(body.newKDF)
        if let key = try await repository.accountKey(owner: account.id) {
            return try await changePassword(body, account: account, key: key, context: context)
        }
        guard body.password == nil else { throw Self.noAccountKey }
        var notes: [UUID: (EncryptedNote, Int)] = [:]
        for write in body.notes {
            try NotesService.checkNote(write.note)
            guard let version = write.version else { throw APIError.badRequest("every note needs the version it was read at") }
            notes[write.note.id] = (write.note, version)
        }
        guard notes.count == body.notes.count else { throw APIError.badRequest("a note is listed twice") }
        let hash = try await hashing.run { try await settings.hasher.hash(body.newAuthKey) }
        do {
            try await repository.replaceCredentials(owner: account.id, authHash: hash, kdf: body.newKDF, notes: notes,
                                                    keepSession: context.sessionHash!, now: Date())
        } catch RepositoryError.accountKeyExists {
            throw APIError(.conflict, "account_key_in_use", "this account got an account key meanwhile; nothing was replaced, try again")
        } catch RepositoryError.noteSetChanged, RepositoryError.staleVersion {
            throw APIError(.conflict, "notes_changed", "notes changed during the password change; nothing was replaced, try again")
        }
        await revokeCachedSessions(of: account.id)
        context.logger.info("password changed", metadata: ["account": "\(account.id)"])
        return Response(status: .noContent)
    }

    /// A password change on an account with an account key: the key rewrapped, no note touched.
    private func changePassword(_ body: NotesAPI.PasswordChangeRequest, account: AccountRecord, key: AccountKeyRecord,
                                context: SeqrRequestContext) async throws -> Response {
        guard let password = body.password else {
            throw APIError(.conflict, "account_key_in_use",
                           "this account's notes are sealed under its account key: change the password with an up-to-date client, which rewraps the key")
        }
        try Self.checkMethod(password, kind: .password)
        guard body.notes.isEmpty else { throw APIError.badRequest("with an account key a password change re-encrypts no note: send none") }
        guard body.newKDF.salt != key.noteKDF.salt else { throw APIError.badRequest("the new password needs a salt other than the account key's label") }
        let hash = try await hashing.run { try await settings.hasher.hash(body.newAuthKey) }
        try await repository.replacePassword(owner: account.id, authHash: hash, kdf: body.newKDF,
                                             password: Self.record(password, owner: account.id, at: Date()), keepSession: context.sessionHash!)
        await revokeCachedSessions(of: account.id)
        context.logger.info("password changed", metadata: ["account": "\(account.id)"])
        return Response(status: .noContent)
    }
}
