import Foundation

/// The JSON bodies of the notes API (docs/openapi.yaml), shared by `seqr-server` and the
/// `seqr notes` client so the two cannot drift apart. Binary fields travel as base64.
public enum NotesAPI {
    /// Usernames: 3–64 characters from a small set, so they are safe in logs and URLs.
    public static func isValidUsername(_ name: String) -> Bool {
        (3...64).contains(name.count) && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-@".contains($0)) }
    }

    public struct KDFResponse: Codable, Sendable {
        public var kdf: AccountKDFParameters
        public init(kdf: AccountKDFParameters) { self.kdf = kdf }
    }

    public struct RegisterRequest: Codable, Sendable {
        public var username: String
        /// The authentication key (``AccountKeys/authenticationToken``), never the password.
        public var authKey: String
        public var kdf: AccountKDFParameters
        public init(username: String, authKey: String, kdf: AccountKDFParameters) {
            self.username = username
            self.authKey = authKey
            self.kdf = kdf
        }
    }

    public struct LoginRequest: Codable, Sendable {
        public var username: String
        public var authKey: String
        public init(username: String, authKey: String) {
            self.username = username
            self.authKey = authKey
        }
    }

    public struct SessionResponse: Codable, Sendable {
        /// A bearer token: 32 random bytes, base64url. The server keeps only its SHA-256.
        public var token: String
        public var expiresAt: Date
        public var username: String
        public var kdf: AccountKDFParameters
        public var plan: String
        public init(token: String, expiresAt: Date, username: String, kdf: AccountKDFParameters, plan: String) {
            self.token = token
            self.expiresAt = expiresAt
            self.username = username
            self.kdf = kdf
            self.plan = plan
        }
    }

    public struct AccountResponse: Codable, Sendable {
        public var username: String
        public var plan: String
        public var notes: Int
        /// nil when the plan has no limit.
        public var noteLimit: Int?
        public var kdf: AccountKDFParameters
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
        public var id: UUID
        public var title: Data
        public var info: Data
        public var format: NoteFormat
        public var kdf: NoteKDF
        /// Starts at 1 and rises by one with each update.
        public var version: Int
        public var createdAt: Date
        public var updatedAt: Date

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

        public var encrypted: EncryptedNote { EncryptedNote(id: id, title: title, info: info, format: format, kdf: kdf) }
    }

    public struct NoteList: Codable, Sendable {
        public var notes: [Note]
        public init(notes: [Note]) { self.notes = notes }
    }

    /// Create (POST /v1/notes, `version` absent) or update (PUT /v1/notes/{id}, `version` is the
    /// version the client edited; a stale one gets 409).
    public struct NoteWrite: Codable, Sendable {
        public var note: EncryptedNote
        public var version: Int?
        public init(note: EncryptedNote, version: Int? = nil) {
            self.note = note
            self.version = version
        }
    }

    /// Change password: the new authentication key and parameters, and every note
    /// re-encrypted by the client, replaced together or not at all.
    public struct PasswordChangeRequest: Codable, Sendable {
        public var authKey: String
        public var newAuthKey: String
        public var newKDF: AccountKDFParameters
        /// Each with the version it was read at.
        public var notes: [NoteWrite]
        public init(authKey: String, newAuthKey: String, newKDF: AccountKDFParameters, notes: [NoteWrite]) {
            self.authKey = authKey
            self.newAuthKey = newAuthKey
            self.newKDF = newKDF
            self.notes = notes
        }
    }

    public struct DeleteAccountRequest: Codable, Sendable {
        public var authKey: String
        public init(authKey: String) { self.authKey = authKey }
    }

    /// Every error answer: a stable code for scripts and one line for people.
    public struct ErrorBody: Codable, Sendable, Error {
        public var error: String
        public var message: String
        public init(error: String, message: String) {
            self.error = error
            self.message = message
        }
    }
}
