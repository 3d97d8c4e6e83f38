import Foundation
import SeqrCore

/// The notes half of seqr-server's storage. Every method takes the owner's id, so no query can
/// reach another account's rows: another owner's note is ``RepositoryError/notFound`` (or nil,
/// or false), exactly like a note that does not exist.
public protocol NoteRepository: Sendable {
    /// The owner's notes, oldest first (ties by id). Throws ``RepositoryError/unknownFormat(_:)`` for a note of a format this server does not know.
    func notes(owner: UUID) async throws -> [NoteRecord]
    func noteCount(owner: UUID) async throws -> Int
    /// Throws ``RepositoryError/unknownFormat(_:)`` for a note of a format this server does not know.
    func note(id: UUID, owner: UUID) async throws -> NoteRecord?
    /// Inserts a note; with a limit, refuses (``RepositoryError/quotaExceeded(limit:)``) when the owner
    /// already has that many; with a storage quota, when the owner's stored bytes would pass it
    /// (``RepositoryError/storageQuotaExceeded(quota:)``); ``RepositoryError/noteExists`` when the
    /// id is taken, by this owner or another; ``RepositoryError/notFound`` when the owner has no account.
    func createNote(_ note: NoteRecord, limit: Int?, storageQuota: Int?) async throws
    /// Replaces a note's content when its version is `expectedVersion` (whatever format the stored
    /// content had); returns the stored note. ``RepositoryError/notFound`` for a note the owner does
    /// not have, ``RepositoryError/staleVersion(current:)`` when the version moved on.
    func updateNote(id: UUID, owner: UUID, content: EncryptedNote, expectedVersion: Int, now: Date, storageQuota: Int?) async throws -> NoteRecord
    /// Returns false when the owner has no such note.
    func deleteNote(id: UUID, owner: UUID) async throws -> Bool
}

extension NoteRepository {
    public func createNote(_ note: NoteRecord, limit: Int?) async throws {
        try await createNote(note, limit: limit, storageQuota: nil)
    }

    public func updateNote(id: UUID, owner: UUID, content: EncryptedNote, expectedVersion: Int, now: Date) async throws -> NoteRecord {
        try await updateNote(id: id, owner: owner, content: content, expectedVersion: expectedVersion, now: now, storageQuota: nil)
    }
}
