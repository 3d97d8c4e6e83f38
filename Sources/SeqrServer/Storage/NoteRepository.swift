import Foundation
import SeqrCore

/// An account as the server stores it: no password, no key — only a slow hash of the
/// client's authentication key, and the (public) parameters the client derives keys with.
public struct AccountRecord: Sendable, Equatable {
    public var id: UUID
    public var username: String
    /// Argon2id, PHC string form (``AuthKeyHasher``).
    public var authHash: String
    public var kdf: AccountKDFParameters
    public var pro: Bool
    public var createdAt: Date
}

/// A login session. The bearer token itself is never stored: only its SHA-256.
public struct SessionRecord: Sendable, Equatable {
    public var tokenHash: Data
    public var accountID: UUID
    public var createdAt: Date
    public var expiresAt: Date
}

/// A note as stored: the owner, ciphertext, its parameters and its version.
public struct NoteRecord: Sendable, Equatable {
    public var id: UUID
    public var accountID: UUID
    public var note: EncryptedNote
    public var version: Int
    public var createdAt: Date
    public var updatedAt: Date

    var api: NotesAPI.Note {
        NotesAPI.Note(id: id, title: note.title, info: note.info, format: note.format, kdf: note.kdf,
                      version: version, createdAt: createdAt, updatedAt: updatedAt)
    }
}

public enum RepositoryError: Error, Equatable {
    case usernameTaken
    case noteExists
    case notFound
    /// The note changed since the client read it; carries the current version.
    case staleVersion(current: Int)
    case quotaExceeded(limit: Int)
    /// The write would take the account's notes and location fixes past this many bytes.
    case storageQuotaExceeded(quota: Int)
    /// A password change did not list exactly the account's notes.
    case noteSetChanged
}

/// Everything seqr-server keeps, behind one small protocol with two implementations:
/// ``SQLiteNoteRepository`` (embedded default) and ``PostgresNoteRepository``. Every method
/// that touches a note takes the owner's id, so no query can reach another account's rows.
public protocol NoteRepository: Sendable {
    /// Applies the named, append-only migrations that are not applied yet.
    func migrate() async throws

    func createAccount(_ account: AccountRecord) async throws
    func account(username: String) async throws -> AccountRecord?
    func account(id: UUID) async throws -> AccountRecord?
    /// Returns false when there is no such user.
    func setPro(username: String, _ pro: Bool) async throws -> Bool
    /// Deletes the account, its sessions and its notes.
    func deleteAccount(id: UUID) async throws

    /// The server-wide secret stored under `name` (table `server_key`, migration `v3-server-keys`):
    /// `fresh` is stored when there is none yet; every instance over the database then reads the same.
    func serverKey(named name: String, ifAbsent fresh: Data) async throws -> Data

    func createSession(_ session: SessionRecord) async throws
    /// The session with this token hash, if it has not expired at `now`.
    func session(tokenHash: Data, now: Date) async throws -> SessionRecord?
    func deleteSession(tokenHash: Data) async throws

    func notes(owner: UUID) async throws -> [NoteRecord]
    func noteCount(owner: UUID) async throws -> Int
    func note(id: UUID, owner: UUID) async throws -> NoteRecord?
    /// Inserts a note of version 1; with a limit, refuses when the owner already has that many;
    /// with a storage quota, when the owner's stored bytes would pass it (``RepositoryError/storageQuotaExceeded(quota:)``).
    func createNote(_ note: NoteRecord, limit: Int?, storageQuota: Int?) async throws
    /// Replaces a note's content when its version is `expectedVersion`; returns the stored note.
    func updateNote(id: UUID, owner: UUID, content: EncryptedNote, expectedVersion: Int, now: Date, storageQuota: Int?) async throws -> NoteRecord
    /// Returns false when there was no such note.
    func deleteNote(id: UUID, owner: UUID) async throws -> Bool

    /// Password change, atomically: new hash and parameters, every note replaced (the list must
    /// be exactly the owner's notes, each at its current version), every other session ended.
    func replaceCredentials(owner: UUID, authHash: String, kdf: AccountKDFParameters, notes: [UUID: (EncryptedNote, Int)],
                            keepSession: Data, now: Date) async throws
}

extension NoteRepository {
    public func createNote(_ note: NoteRecord, limit: Int?) async throws {
        try await createNote(note, limit: limit, storageQuota: nil)
    }

    public func updateNote(id: UUID, owner: UUID, content: EncryptedNote, expectedVersion: Int, now: Date) async throws -> NoteRecord {
        try await updateNote(id: id, owner: owner, content: content, expectedVersion: expectedVersion, now: now, storageQuota: nil)
    }
}
