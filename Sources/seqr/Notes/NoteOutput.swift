import Foundation
import SeqrCore

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
