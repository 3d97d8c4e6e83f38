import Foundation

/// The JSON bodies of the notes API (docs/openapi.yaml), shared by `seqr-server` and the
/// `seqr notes` client so the two cannot drift apart. Binary fields travel as base64.
public enum NotesAPI {
    /// Usernames: 3–64 characters from a small set, so they are safe in logs and URLs.
    public static func isValidUsername(_ name: String) -> Bool {
        (3...64).contains(name.count) && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-@".contains($0)) }
    }

    /// `GET /v1/kdf?username=`: the parameters to derive an account's keys with.
    public struct KDFResponse: Codable, Sendable {
        /// The account's parameters (for an unknown name, parameters that look the same).
        public var kdf: AccountKDFParameters
        /// An answer carrying `kdf`.
        public init(kdf: AccountKDFParameters) { self.kdf = kdf }
    }

    /// `POST /v1/accounts`: a new account's name, authentication key and key-derivation parameters.
    public struct RegisterRequest: Codable, Sendable {
        /// The account's name.
        public var username: String
        /// The authentication key (``AccountKeys/authenticationToken``), never the password.
        public var authKey: String
        /// The parameters its keys were derived with, stored for the next sign-in.
        public var kdf: AccountKDFParameters
        /// The new account's key, wrapped for the password; absent from older clients, whose
        /// accounts get one when a current client first unlocks them.
        public var accountKey: NewAccountKey?
        /// A registration; `authKey` is `AccountKeys.authenticationToken`.
        public init(username: String, authKey: String, kdf: AccountKDFParameters, accountKey: NewAccountKey? = nil) {
            self.username = username
            self.authKey = authKey
            self.kdf = kdf
            self.accountKey = accountKey
        }
    }

    /// `POST /v1/sessions`: a name and its authentication key.
    public struct LoginRequest: Codable, Sendable {
        /// The account's name.
        public var username: String
        /// `AccountKeys.authenticationToken`, derived from the password; never the password.
        public var authKey: String
        /// A login; `authKey` is `AccountKeys.authenticationToken`.
        public init(username: String, authKey: String) {
            self.username = username
            self.authKey = authKey
        }
    }

    /// A new session: its bearer token and expiry, and the account it belongs to.
    public struct SessionResponse: Codable, Sendable {
        /// A bearer token: 32 random bytes, base64url. The server keeps only its SHA-256.
        public var token: String
        /// When the token stops working.
        public var expiresAt: Date
        /// The account's name.
        public var username: String
        /// The account's current parameters.
        public var kdf: AccountKDFParameters
        /// The account's plan ("free" or "pro").
        public var plan: String
        /// A session answer.
        public init(token: String, expiresAt: Date, username: String, kdf: AccountKDFParameters, plan: String) {
            self.token = token
            self.expiresAt = expiresAt
            self.username = username
            self.kdf = kdf
            self.plan = plan
        }
    }

    /// `GET /v1/account`: the signed-in account.
    public struct AccountResponse: Codable, Sendable {
        /// The account's name.
        public var username: String
        /// The account's plan ("free" or "pro").
        public var plan: String
        /// How many notes the account stores.
        public var notes: Int
        /// nil when the plan has no limit.
        public var noteLimit: Int?
        /// The account's current parameters.
        public var kdf: AccountKDFParameters
        /// An account answer; `noteLimit` nil: no limit.
        public init(username: String, plan: String, notes: Int, noteLimit: Int?, kdf: AccountKDFParameters) {
            self.username = username
            self.plan = plan
            self.notes = notes
            self.noteLimit = noteLimit
            self.kdf = kdf
        }
    }

    /// A note as stored: ciphertext, the parameters it was encrypted with, and its version.
    public struct Note: Codable, Sendable, Equatable {
        /// The note's id.
        public var id: UUID
        /// The sealed title.
        public var title: Data
        /// The sealed body.
        public var info: Data
        /// How the fields are sealed.
        public var format: NoteFormat
        /// The key derivation of the fields' key.
        public var kdf: NoteKDF
        /// Starts at 1 and rises by one with each update.
        public var version: Int
        /// When the note was created, by the server's clock.
        public var createdAt: Date
        /// When the note was last written, by the server's clock.
        public var updatedAt: Date

        /// A note as served.
        public init(id: UUID, title: Data, info: Data, format: NoteFormat, kdf: NoteKDF, version: Int, createdAt: Date, updatedAt: Date) {
            self.id = id
            self.title = title
            self.info = info
            self.format = format
            self.kdf = kdf
            self.version = version
            self.createdAt = createdAt
            self.updatedAt = updatedAt
        }

        /// The note without its server-side fields, to open with `NoteCipher`.
        public var encrypted: EncryptedNote { EncryptedNote(id: id, title: title, info: info, format: format, kdf: kdf) }
    }

    /// `GET /v1/notes`: every note of the account.
    public struct NoteList: Codable, Sendable {
        /// The notes.
        public var notes: [Note]
        /// A list of notes.
        public init(notes: [Note]) { self.notes = notes }
    }

    /// Create (POST /v1/notes, `version` absent) or update (PUT /v1/notes/{id}, `version` is the
    /// version the client edited; a stale one gets 409).
    public struct NoteWrite: Codable, Sendable {
        /// The sealed note.
        public var note: EncryptedNote
        /// The version an update replaces; nil for a new note.
        public var version: Int?
        /// A write of `note`; `version` is the version an update replaces (nil for a new note).
        public init(note: EncryptedNote, version: Int? = nil) {
            self.note = note
            self.version = version
        }
    }

    /// Change password. An account with an account key sends the new authentication key and
    /// parameters and the account key rewrapped for the new password (`password`), and no note:
    /// nothing is re-encrypted. An account without one (older clients) sends every note
    /// re-encrypted by the client. Either way all is replaced together or not at all.
    public struct PasswordChangeRequest: Codable, Sendable {
        /// The current authentication key, proving the old password.
        public var authKey: String
        /// The new password's authentication key.
        public var newAuthKey: String
        /// The new password's parameters.
        public var newKDF: AccountKDFParameters
        /// Each with the version it was read at; empty with an account key.
        public var notes: [NoteWrite]
        /// The account key wrapped for the new password (kind `password`); nil without an account key.
        public var password: NewUnlockMethod?
        /// A password change: the old and new authentication keys, the new parameters, and either every
        /// note re-sealed or (`password`) the account key rewrapped.
        public init(authKey: String, newAuthKey: String, newKDF: AccountKDFParameters, notes: [NoteWrite], password: NewUnlockMethod? = nil) {
            self.authKey = authKey
            self.newAuthKey = newAuthKey
            self.newKDF = newKDF
            self.notes = notes
            self.password = password
        }
    }

    /// `DELETE /v1/account`: the authentication key again, to confirm.
    public struct DeleteAccountRequest: Codable, Sendable {
        /// The authentication key, proving the password again.
        public var authKey: String
        /// A deletion confirmed by `authKey`.
        public init(authKey: String) { self.authKey = authKey }
    }

    /// Every error answer: a stable code for scripts and one line for people.
    public struct ErrorBody: Codable, Sendable, Error {
        /// A stable code a client can act on (`"not_found"`, `"stale_version"`, …).
        public var error: String
        /// A sentence for a person; untrusted, shown escaped.
        public var message: String
        /// An error answer: a stable code and a sentence for a person.
        public init(error: String, message: String) {
            self.error = error
            self.message = message
        }
    }
}
