import Foundation
import SeqrCore

/// Notes travel as ``EncryptedNote`` fields SeqrCore sealed; the server sees ciphertext only.
extension ServerClient {
    public func notes() async throws -> [NotesAPI.Note] {
        let list: NotesAPI.NoteList = try await call(.GET, "/v1/notes")
        return list.notes
    }

    public func note(id: UUID) async throws -> NotesAPI.Note { try await call(.GET, "/v1/notes/\(id.uuidString.lowercased())") }

    public func create(_ note: EncryptedNote) async throws -> NotesAPI.Note {
        try await call(.POST, "/v1/notes", body: NotesAPI.NoteWrite(note: note))
    }

    public func update(_ note: EncryptedNote, version: Int) async throws -> NotesAPI.Note {
        try await call(.PUT, "/v1/notes/\(note.id.uuidString.lowercased())", body: NotesAPI.NoteWrite(note: note, version: version))
    }

    public func delete(id: UUID) async throws { try await callNoContent(.DELETE, "/v1/notes/\(id.uuidString.lowercased())") }
}
