import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrStore

/// What every notes subcommand shares: the server, the local store, the password and --json.
struct NotesOptions: ParsableArguments {
    @Option(help: "The seqr-server URL (default: the signed-in session's, else $SEQR_NOTES_SERVER, else http://127.0.0.1:8080).")
    var server: String?

    @Option(help: "The local store directory, where the session token is kept.")
    var store: String?

    @OptionGroup var passwordOptions: PasswordOptions

    @Flag(name: .customLong("insecure-http"), help: "Allow plain http:// to a host other than loopback (the session token then crosses the network in the clear).")
    var insecureHTTP = false

    @Flag(help: "Print JSON.") var json = false

    /// A client for `server`, refusing plain http beyond loopback unless --insecure-http.
    func client(server: String, token: String? = nil) -> ServerClient {
        ServerClient(server: server, token: token, allowsInsecureHTTP: insecureHTTP)
    }

    /// The local store; first of all, a --password-file that cannot be read is reported (before any network work).
    func openStore() throws -> LocalStore {
        try passwordOptions.source.checkReadable()
        return try StoreOptions.open(directory: store)
    }

    func serverURL(session: NotesSession?) -> String {
        server ?? session?.server ?? ProcessInfo.processInfo.environment["SEQR_NOTES_SERVER"] ?? ServerClient.defaultServer
    }

    /// The saved session and a client carrying its token.
    func signedIn() throws -> (NotesSession, ServerClient) {
        guard let session = try openStore().notesSession() else { throw CLIError("not signed in: run `seqr notes login USER` first", status: .noPermission) }
        return (session, client(server: serverURL(session: session), token: session.token))
    }

    /// The saved session and its client, nil when there is none.
    func savedSession() throws -> (NotesSession, ServerClient)? {
        guard let session = try openStore().notesSession() else { return nil }
        return (session, client(server: serverURL(session: session), token: session.token))
    }

    /// Reads the password and checks it against the account before anything is written: a note
    /// sealed under a mistyped password could never be opened again. The check is local
    /// (``NotesSession/passwordCheck``); a session saved by an older Seqr has none, so the server
    /// checks the key once (a sign-in), and the session it answers is kept with the check.
    /// - Returns: the cipher, and the session and client to use from now on.
    func verifiedCipher(_ session: NotesSession, _ client: ServerClient) async throws -> (NoteCipher, NotesSession, ServerClient) {
        let cipher = NoteCipher(password: try passwordOptions.source.read(confirm: false))
        let keys = try cipher.accountKeys(session.kdf)
        if let check = session.passwordCheck {
            guard keys.matches(passwordCheck: check) else { throw Self.wrongPassword }
            try await unlockAccountKey(cipher, keys: keys, session: session, client: client)
            return (cipher, session, client)
        }
        let answer: NotesAPI.SessionResponse
        do {
            answer = try await client.login(username: session.username, authKey: keys.authenticationToken)
        } catch ServerClientError.server(_, "wrong_credentials", _) {
            throw Self.wrongPassword
        } catch {
            throw notesFailure(error)
        }
        let checked = NotesSession(server: session.server, username: session.username, token: answer.token, kdf: answer.kdf,
                                   expires: answer.expiresAt, passwordCheck: keys.passwordCheck)
        try openStore().saveNotesSession(checked)
        try? await client.logout()  // the token this device held before, replaced by the checked one
        let checkedClient = self.client(server: checked.server, token: checked.token)
        try await unlockAccountKey(cipher, keys: keys, session: checked, client: checkedClient)
        return (cipher, checked, checkedClient)
    }

    /// A cipher for commands that only read: with the account key when the account has one
    /// (unwrapped with `password`; a wrong one is refused there), never moving an account over.
    func readingCipher(password: String, session: NotesSession, client: ServerClient) async throws -> NoteCipher {
        let cipher = NoteCipher(password: password)
        let list: NotesAPI.UnlockMethodList
        do {
            list = try await client.unlockMethods()
        } catch ServerClientError.server(404, _, _) {
            return cipher
        } catch {
            throw notesFailure(error)
        }
        guard list.noteKDF != nil else { return cipher }
        let keys = try cipher.accountKeys(session.kdf)
        if let check = session.passwordCheck, !keys.matches(passwordCheck: check) { throw CLIError("wrong password for this account", status: .noPermission) }
        if let key = try list.accountKey(password: keys, username: session.username) { cipher.withAccountKey(key) }
        return cipher
    }

    /// Gives `cipher` the account key, unwrapped with the password. An account made before
    /// account keys is moved over here, in one step (`POST /v1/account/key`): its current
    /// encryption key becomes the account key, so no note changes. A server too old to know
    /// account keys (404) leaves the cipher as it was: notes are then sealed from the password.
    func unlockAccountKey(_ cipher: NoteCipher, keys: AccountKeys, session: NotesSession, client: ServerClient) async throws {
        let list: NotesAPI.UnlockMethodList
        do {
            list = try await client.unlockMethods()
        } catch ServerClientError.server(404, _, _) {
            return
        } catch {
            throw notesFailure(error)
        }
        if let key = try list.accountKey(password: keys, username: session.username) {
            cipher.withAccountKey(key)
            return
        }
        let key = AccountKey.existing(keys, parameters: session.kdf)
        let request = NotesAPI.CreateAccountKeyRequest(authKey: keys.authenticationToken,
                                                       password: .password(key, keys: keys, username: session.username))
        do {
            _ = try await client.createAccountKey(request)
        } catch ServerClientError.server(409, "account_key_exists", _) {
            // Another client moved it over meanwhile: use its copy.
            guard let moved = try await withNotesErrors({ try await client.unlockMethods() }).accountKey(password: keys, username: session.username) else {
                throw CLIError("the server says this account has an account key but lists none", status: .unavailable)
            }
            cipher.withAccountKey(moved)
            return
        } catch ServerClientError.server(_, "wrong_credentials", _) {
            throw Self.wrongPassword
        } catch {
            throw notesFailure(error)
        }
        cipher.withAccountKey(key)
    }

    static let wrongPassword = CLIError("wrong password for this account; nothing was written", status: .noPermission)

    /// Opens notes as served. A note older than what this machine has seen of it is refused
    /// (the server rolled it back); what opens is remembered, so it can never go back later.
    func open(_ notes: [NotesAPI.Note], with cipher: NoteCipher, session: NotesSession) throws -> [(NotesAPI.Note, Result<NotePlaintext, Error>)] {
        let store = try openStore()
        let origin = ServerTransportPolicy.canonicalOrigin(session.server)
        let seen = try store.seenNoteVersions(server: origin, username: session.username)
        let results = notes.map { note in
            (note, Result { () throws -> NotePlaintext in
                try note.checkNotRolledBack(seen: seen[note.id])
                return try cipher.open(note)
            })
        }
        let opened = results.compactMap { note, result in (try? result.get()).map { _ in (id: note.id, seen: note.seen) } }
        try store.recordSeenNotes(opened, server: origin, username: session.username)
        return results
    }

    /// Every note opened, or the first failure, naming its note.
    func openAll(_ notes: [NotesAPI.Note], with cipher: NoteCipher, session: NotesSession) throws -> [NotePlaintext] {
        try open(notes, with: cipher, session: session).map { note, result in
            do { return try result.get() } catch { throw Self.cannotOpen(note, error) }
        }
    }

    /// The error for a note that cannot be opened, naming it by its whole id.
    static func cannotOpen(_ note: NotesAPI.Note, _ error: any Error) -> CLIError {
        CLIError("note \(note.id.uuidString.lowercased()) cannot be opened: \(error)", status: (error as? ExitStatusReporting)?.exitStatus ?? .dataError)
    }

    /// Remembers notes this machine just wrote, at the versions their fields were sealed for.
    func rememberWritten(_ written: [(id: UUID, version: Int)], session: NotesSession) throws {
        try remember(written.map { ($0.id, SeenNoteVersion(version: $0.version, versionBound: true)) }, session: session)
    }

    func remember(_ notes: [(id: UUID, seen: SeenNoteVersion)], session: NotesSession) throws {
        try openStore().recordSeenNotes(notes, server: ServerTransportPolicy.canonicalOrigin(session.server), username: session.username)
    }
}

/// Turns server answers into lines a person can act on, with their exit status (docs/cli.md).
func notesFailure(_ error: Error) -> Error {
    guard let failure = error as? ServerClientError else { return error }
    switch failure {
    case .server(let status, let code, _) where code.hasPrefix("http_"):
        // The client found no seqr-server error body: something else answers at that address.
        return CLIError("not a seqr-server: the server answered HTTP \(status) without seqr-server's JSON error (check --server)", status: .unavailable)
    case .badResponse(let what):
        return CLIError("not a seqr-server, or an incompatible version: the answer was not what seqr-server sends (\(what); check --server)", status: .unavailable)
    default: break
    }
    switch failure.code {
    case "unauthorized": return CLIError("the session expired or was revoked: run `seqr notes login USER`", status: .noPermission)
    case "stale_version": return CLIError("the note changed on the server since it was read; nothing was overwritten — run the edit again")
    default: return CLIError(failure.description, status: failure.exitStatus)
    }
}

func withNotesErrors<T>(_ body: () async throws -> T) async throws -> T {
    do { return try await body() } catch { throw notesFailure(error) }
}
