import ArgumentParser
import Foundation
import SeqrCloudClient
import SeqrCore
import SeqrStore

struct NotesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notes",
        abstract: "End-to-end encrypted notes on a seqr-server (the server stores only ciphertext).",
        discussion: """
        The password never leaves this machine: it yields an authentication key (sent to the server, \
        which keeps only an Argon2id hash of it) and an encryption key (kept here). Notes are \
        ChaCha20-Poly1305 with a fresh nonce, each field bound to the note, its role and its version; \
        this machine remembers the newest version of each note it has opened and refuses an older \
        one (a rollback by the server). RNCryptor v3 notes stored by earlier versions are still read, \
        and re-sealed on edit. Only the session token is kept in the local store; commands that \
        decrypt ask for the password (or read --password-file / SEQR_PASSWORD).

          seqr notes register alice --server http://127.0.0.1:8080
          seqr notes add --title "Wi-Fi" --info "hunter2"
          seqr notes list
        """,
        subcommands: [NotesRegister.self, NotesLogin.self, NotesLogout.self, NotesAdd.self, NotesList.self, NotesShow.self,
                      NotesEdit.self, NotesRemove.self, NotesPasswd.self, NotesExport.self, NotesImport.self])
}

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

    func openStore() throws -> LocalStore {
        try LocalStore(directory: store ?? LocalStore.defaultDirectory(), passphrase: StoreOptions.passphraseSource(file: nil))
    }

    func serverURL(session: NotesSession?) -> String {
        server ?? session?.server ?? ProcessInfo.processInfo.environment["SEQR_NOTES_SERVER"] ?? ServerClient.defaultServer
    }

    /// The saved session and a client carrying its token.
    func signedIn() throws -> (NotesSession, ServerClient) {
        guard let session = try openStore().notesSession() else { throw CLIError("not signed in: run `seqr notes login USER` first") }
        return (session, client(server: serverURL(session: session), token: session.token))
    }

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

    /// Every note opened, or the first failure.
    func openAll(_ notes: [NotesAPI.Note], with cipher: NoteCipher, session: NotesSession) throws -> [NotePlaintext] {
        try open(notes, with: cipher, session: session).map { try $0.1.get() }
    }

    /// Remembers notes this machine just wrote, at the versions their fields were sealed for.
    func rememberWritten(_ written: [(id: UUID, version: Int)], session: NotesSession) throws {
        try remember(written.map { ($0.id, SeenNoteVersion(version: $0.version, versionBound: true)) }, session: session)
    }

    func remember(_ notes: [(id: UUID, seen: SeenNoteVersion)], session: NotesSession) throws {
        try openStore().recordSeenNotes(notes, server: ServerTransportPolicy.canonicalOrigin(session.server), username: session.username)
    }

    func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}

/// Turns server answers into lines a person can act on.
func notesFailure(_ error: Error) -> Error {
    guard let failure = error as? ServerClientError else { return error }
    switch failure.code {
    case "unauthorized": return CLIError("the session expired or was revoked: run `seqr notes login USER`")
    case "stale_version": return CLIError("the note changed on the server since it was read; nothing was overwritten — run the edit again")
    default: return CLIError(failure.description)
    }
}

func withNotesErrors<T>(_ body: () async throws -> T) async throws -> T {
    do { return try await body() } catch { throw notesFailure(error) }
}

/// A decrypted note as `--json` prints it; `info` only where the command shows it.
struct NoteOutput: Encodable {
    let id: UUID
    let title: String
    let info: String?
    let format: String
    let version: Int
    let updatedAt: Date

    init(_ note: NotesAPI.Note, _ plain: NotePlaintext, showingInfo: Bool) {
        id = note.id
        title = plain.title
        info = showingInfo ? plain.info : nil
        format = note.format.rawValue
        version = note.version
        updatedAt = note.updatedAt
    }
}

extension NotesAPI.Note {
    /// The first 8 characters of the id: what `list` shows and `show`/`edit`/`rm` accept.
    var shortID: Substring { id.uuidString.lowercased().prefix(8) }
}

struct NotesRegister: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "register", abstract: "Create an account (the password is asked twice) and sign in.")

    @Argument(help: "The username: 3–64 letters, digits or . _ - @.") var username: String
    @Option(help: "PBKDF2 iterations for the account keys (at least 210,000).") var kdfIterations = AccountKDFParameters.defaultIterations
    @OptionGroup var options: NotesOptions

    func run() async throws {
        guard NotesAPI.isValidUsername(username) else { throw CLIError("username must be 3–64 letters, digits or . _ - @") }
        guard kdfIterations >= AccountKDFParameters.minimumIterations else {
            throw CLIError("--kdf-iterations must be at least \(AccountKDFParameters.minimumIterations)")
        }
        let store = try options.openStore()
        let password = try options.passwordOptions.password(confirm: true)
        let kdf = AccountKDFParameters.fresh(iterations: kdfIterations)
        let keys = try AccountKeys(password: password, parameters: kdf)
        let client = options.client(server: options.serverURL(session: nil))
        let session = try await withNotesErrors { try await client.register(username: username, authKey: keys.authenticationToken, kdf: kdf) }
        try store.saveNotesSession(NotesSession(server: client.server, username: username, token: session.token, kdf: session.kdf, expires: session.expiresAt))
        if options.json { try options.printJSON(["username": username, "server": client.server, "plan": session.plan]) } else {
            print("registered \(username) on \(client.server) (\(session.plan) plan); signed in")
        }
    }
}

struct NotesLogin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "login", abstract: "Sign in; the session token is kept in the local store.")

    @Argument(help: "The username.") var username: String
    @OptionGroup var options: NotesOptions

    func run() async throws {
        let store = try options.openStore()
        let client = options.client(server: options.serverURL(session: nil))
        let kdf = try await withNotesErrors { try await client.kdf(username: username) }
        let password = try options.passwordOptions.password(confirm: false)
        let keys = try AccountKeys(password: password, parameters: kdf)
        let session = try await withNotesErrors { try await client.login(username: username, authKey: keys.authenticationToken) }
        try store.saveNotesSession(NotesSession(server: client.server, username: username, token: session.token, kdf: session.kdf, expires: session.expiresAt))
        if options.json { try options.printJSON(["username": username, "server": client.server, "plan": session.plan]) } else {
            print("signed in as \(username) on \(client.server)")
        }
    }
}

struct NotesLogout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "logout", abstract: "Revoke the session on the server and forget it here.")

    @OptionGroup var options: NotesOptions

    func run() async throws {
        let store = try options.openStore()
        guard let (session, client) = try? options.signedIn() else {
            print("not signed in")
            return
        }
        // A session the server no longer knows is as good as revoked.
        do { try await client.logout() } catch ServerClientError.server(status: 401, _, _) {}
        try store.clearNotesSession()
        if options.json { try options.printJSON(["signedOut": session.username]) } else { print("signed out \(session.username)") }
    }
}

struct NotesAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Encrypt a note here and store it on the server.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case seqr, rncryptor
    }

    @Option(help: "The title, at most 30 characters.") var title: String
    @Option(help: "The info, at most 2,500 characters (default: read from standard input).") var info: String?
    @Option(help: "seqr (ChaCha20-Poly1305), the only format new notes are stored in.") var format: Format = .seqr
    @OptionGroup var options: NotesOptions

    func run() async throws {
        // RNCryptor's keys come from the password through PBKDF2-SHA1 at a count the user picks:
        // stored on the server, its HMAC would be a cheaper password test than the account key.
        guard format == .seqr else {
            throw CLIError("RNCryptor notes are no longer stored on the server (their key is a cheaper password test than the account's); RNCryptor notes stored before are still read")
        }
        let text = info ?? String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        let note = try NotePlaintext(title: title, info: text)
        let (session, client) = try options.signedIn()
        let cipher = NoteCipher(password: try options.passwordOptions.password(confirm: false))
        let sealed = try cipher.seal(note, noteVersion: 1, account: session.kdf)
        let stored = try await withNotesErrors { try await client.create(sealed) }
        try options.rememberWritten([(sealed.id, 1)], session: session)
        if options.json {
            try options.printJSON(NoteOutput(stored, note, showingInfo: false))
        } else {
            print("added \(stored.shortID)  \(note.title)")
        }
    }
}

/// Finds a note by full id or unique id prefix.
func findNote(_ reference: String, in notes: [NotesAPI.Note]) throws -> NotesAPI.Note {
    let matches = notes.filter { $0.id.uuidString.lowercased().hasPrefix(reference.lowercased()) }
    guard !reference.isEmpty, let first = matches.first else { throw CLIError("no note \(reference) (see `seqr notes list`)") }
    guard matches.count == 1 else { throw CLIError("\(reference) matches several notes; give more of the id") }
    return first
}

struct NotesList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Decrypt and list the titles of your notes.")

    @OptionGroup var options: NotesOptions

    func run() async throws {
        let (session, client) = try options.signedIn()
        let notes = try await withNotesErrors { try await client.notes() }
        let cipher = NoteCipher(password: notes.isEmpty ? "" : try options.passwordOptions.password(confirm: false))
        // One damaged note must not hide the others: show what opens, then report the rest.
        var opened: [(NotesAPI.Note, NotePlaintext)] = [], failed: [(NotesAPI.Note, Error)] = []
        for (note, result) in try options.open(notes, with: cipher, session: session) {
            switch result {
            case .success(let plain): opened.append((note, plain))
            case .failure(let error): failed.append((note, error))
            }
        }
        if let first = failed.first, opened.isEmpty { throw first.1 }
        if options.json {
            try options.printJSON(opened.map { NoteOutput($0.0, $0.1, showingInfo: true) })
        } else {
            if opened.isEmpty { print("no notes") }
            for (note, plain) in opened {
                print("\(note.shortID)  \(plain.title)  (v\(note.version)\(note.format == .rncryptor ? ", rncryptor" : ""))")
            }
        }
        for (note, error) in failed {
            StandardStreams.warn("note \(note.shortID) cannot be opened: \(error)")
        }
        let legacy = opened.filter { $0.0.format == .rncryptor }.count
        if legacy > 0 {
            StandardStreams.warn("\(legacy) note\(legacy == 1 ? " is" : "s are") still RNCryptor, whose key is a cheaper password test for the server: `seqr notes passwd` (or an edit) re-seals them")
        }
        if !failed.isEmpty { throw ExitCode(1) }
    }
}

struct NotesShow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Decrypt and print one note.")

    @Argument(help: "The note's id or a unique prefix of it.") var id: String
    @OptionGroup var options: NotesOptions

    func run() async throws {
        let (session, client) = try options.signedIn()
        let note = try findNote(id, in: try await withNotesErrors { try await client.notes() })
        let cipher = NoteCipher(password: try options.passwordOptions.password(confirm: false))
        let plain = try options.openAll([note], with: cipher, session: session)[0]
        if options.json {
            try options.printJSON(NoteOutput(note, plain, showingInfo: true))
        } else {
            print(plain.title)
            print(plain.info)
        }
    }
}

struct NotesEdit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a note's title or info; refused if it changed on the server since it was read.")

    @Argument(help: "The note's id or a unique prefix of it.") var id: String
    @Option(help: "The new title.") var title: String?
    @Option(help: "The new info.") var info: String?
    @OptionGroup var options: NotesOptions

    func run() async throws {
        guard title != nil || info != nil else { throw CLIError("give --title, --info or both") }
        let (session, client) = try options.signedIn()
        let note = try findNote(id, in: try await withNotesErrors { try await client.notes() })
        let cipher = NoteCipher(password: try options.passwordOptions.password(confirm: false))
        let current = try options.openAll([note], with: cipher, session: session)[0]
        let changed = try NotePlaintext(title: title ?? current.title, info: info ?? current.info)
        // An RNCryptor note comes back as seqr-aead-v1.
        let sealed = try cipher.seal(changed, id: note.id, noteVersion: note.version + 1, account: session.kdf)
        let stored = try await withNotesErrors { try await client.update(sealed, version: note.version) }
        try options.rememberWritten([(note.id, note.version + 1)], session: session)
        if options.json {
            try options.printJSON(NoteOutput(stored, changed, showingInfo: false))
        } else {
            print("updated \(stored.shortID) to version \(stored.version)")
        }
    }
}

struct NotesRemove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete a note.")

    @Argument(help: "The note's id or a unique prefix of it.") var id: String
    @OptionGroup var options: NotesOptions

    func run() async throws {
        let (session, client) = try options.signedIn()
        let note = try findNote(id, in: try await withNotesErrors { try await client.notes() })
        try await withNotesErrors { try await client.delete(id: note.id) }
        // A server that ignores the delete, or restores the note later, is caught on the next read.
        var gone = note.seen
        gone.deleted = true
        try options.remember([(note.id, gone)], session: session)
        if options.json { try options.printJSON(["deleted": note.id.uuidString.lowercased()]) } else {
            print("deleted \(note.shortID)")
        }
    }
}

struct NotesPasswd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passwd",
        abstract: "Change the password: every note is re-encrypted here and replaced on the server in one step.")

    @Option(help: "Read the new password from the first line of this file (SEQR_NEW_PASSWORD works too).")
    var newPasswordFile: String?
    @Option(help: "PBKDF2 iterations for the new keys (at least 210,000).") var kdfIterations = AccountKDFParameters.defaultIterations
    @OptionGroup var options: NotesOptions

    func newPassword() throws -> String {
        if let newPasswordFile { return try PasswordOptions(passwordFile: newPasswordFile).password(confirm: false) }
        if let value = ProcessInfo.processInfo.environment["SEQR_NEW_PASSWORD"], !value.isEmpty { return value }
        guard let first = PasswordOptions.prompt("New password: "), !first.isEmpty else {
            throw CLIError("no new password: run on a terminal, or use --new-password-file or SEQR_NEW_PASSWORD")
        }
        guard PasswordOptions.prompt("New password again: ") == first else { throw CLIError("the two passwords differ") }
        return first
    }

    func run() async throws {
        guard kdfIterations >= AccountKDFParameters.minimumIterations else {
            throw CLIError("--kdf-iterations must be at least \(AccountKDFParameters.minimumIterations)")
        }
        let store = try options.openStore()
        let (session, client) = try options.signedIn()
        let oldCipher = NoteCipher(password: try options.passwordOptions.password(confirm: false))
        let replacement = try newPassword()
        let notes = try await withNotesErrors { try await client.notes() }
        let newKDF = AccountKDFParameters.fresh(iterations: kdfIterations)
        let newCipher = NoteCipher(password: replacement)
        let plaintexts = try options.openAll(notes, with: oldCipher, session: session)
        // Every note, RNCryptor ones included, comes back as seqr-aead-v1 under the new keys.
        let writes = try zip(notes, plaintexts).map { note, plain in
            NotesAPI.NoteWrite(note: try newCipher.seal(plain, id: note.id, noteVersion: note.version + 1, account: newKDF), version: note.version)
        }
        let request = NotesAPI.PasswordChangeRequest(
            authKey: try oldCipher.accountKeys(session.kdf).authenticationToken,
            newAuthKey: try newCipher.accountKeys(newKDF).authenticationToken, newKDF: newKDF, notes: writes)
        try await withNotesErrors { try await client.changePassword(request) }
        try options.rememberWritten(notes.map { ($0.id, $0.version + 1) }, session: session)
        var updated = session
        updated.kdf = newKDF
        try store.saveNotesSession(updated)
        if options.json { try options.printJSON(["reencryptedNotes": notes.count]); return }
        print("password changed; \(notes.count) note\(notes.count == 1 ? "" : "s") re-encrypted; other sessions signed out")
    }
}

struct NotesExport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Save all your notes to one file, encrypted with your password (SQNX, docs/formats/notes.md).")

    @Option(name: .shortAndLong, help: "The export file to write.") var output: String
    @Flag(help: "Replace the file if it exists.") var force = false
    @OptionGroup var options: NotesOptions

    func run() async throws {
        guard force || !FileManager.default.fileExists(atPath: output) else { throw CLIError("\(output) exists (use --force to replace it)") }
        let (session, client) = try options.signedIn()
        let notes = try await withNotesErrors { try await client.notes() }
        let password = try options.passwordOptions.password(confirm: false)
        let cipher = NoteCipher(password: password)
        let entries = try zip(notes, options.openAll(notes, with: cipher, session: session)).map { note, plain in
            NotesExportFile.Entry(title: plain.title, info: plain.info, format: note.format)
        }
        let file = try NotesExportFile.seal(.init(username: session.username, exported: Date(), notes: entries), password: password)
        try file.write(to: URL(fileURLWithPath: output), options: .atomic)
        if options.json { try options.printJSON(["exported": entries.count]); return }
        print("exported \(entries.count) note\(entries.count == 1 ? "" : "s") to \(output)")
    }
}

struct NotesImport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Add the notes of an export file to your account, as new notes.")

    @Argument(help: "The export file.") var file: String
    @OptionGroup var options: NotesOptions

    func run() async throws {
        guard let data = FileManager.default.contents(atPath: file) else { throw CLIError("\(file): cannot read the file") }
        let (session, client) = try options.signedIn()
        let password = try options.passwordOptions.password(confirm: false)
        let contents = try NotesExportFile.open(data, password: password)
        let cipher = NoteCipher(password: password)
        var added = 0
        for entry in contents.notes {
            // Imported notes are stored as seqr-aead-v1 whatever format they were exported from.
            let sealed = try cipher.seal(NotePlaintext(unchecked: entry.title, info: entry.info), noteVersion: 1, account: session.kdf)
            do {
                _ = try await client.create(sealed)
                try options.rememberWritten([(sealed.id, 1)], session: session)
                added += 1
            } catch {
                throw CLIError("\(notesFailure(error)) — \(added) of \(contents.notes.count) notes imported before this")
            }
        }
        if options.json { try options.printJSON(["imported": added]); return }
        print("imported \(added) note\(added == 1 ? "" : "s") from \(file)")
    }
}
