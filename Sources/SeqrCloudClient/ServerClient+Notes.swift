import Foundation
import SeqrCore

/// Notes travel as ``EncryptedNote`` fields SeqrCore sealed; the server sees ciphertext only.
extension ServerClient {
    /// The signed-in account's notes as the server stores them: ciphertext, opened with `NoteCipher.open(_:)`.
    public func notes() async throws -> [NotesAPI.Note] {
        let list: NotesAPI.NoteList = try await call(.GET, "/v1/notes")
        return list.notes
    }

    /// One note of the signed-in account, as stored.
    public func note(id: UUID) async throws -> NotesAPI.Note { try await call(.GET, "/v1/notes/\(id.uuidString.lowercased())") }

    /// Stores a new note, sealed by `NoteCipher.seal(_:id:noteVersion:account:)` for version 1; the server
    /// answers with it at version 1, or refuses beyond the account's note limit or storage quota.
    public func create(_ note: EncryptedNote) async throws -> NotesAPI.Note {
        try await call(.POST, "/v1/notes", body: NotesAPI.NoteWrite(note: note))
    }

    /// Replaces a note that is at `version` with `note`, sealed for `version + 1`. The server refuses
    /// (409) when the note has moved on since: nothing is overwritten that this client has not seen.
    public func update(_ note: EncryptedNote, version: Int) async throws -> NotesAPI.Note {
        try await call(.PUT, "/v1/notes/\(note.id.uuidString.lowercased())", body: NotesAPI.NoteWrite(note: note, version: version))
    }

    /// Deletes a note of the signed-in account.
    public func delete(id: UUID) async throws { try await callNoContent(.DELETE, "/v1/notes/\(id.uuidString.lowercased())") }
}
