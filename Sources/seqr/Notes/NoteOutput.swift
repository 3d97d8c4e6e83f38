import Foundation
import SeqrCore

/// A decrypted note as `--json` prints it (docs/cli-json.md); `info` only where the command shows it.
struct NoteOutput: Encodable {
    /// The full id, lowercase as the text output shows it; `shortId` is what `list` prints and `show`/`edit`/`rm` accept.
    let id: String
    let shortId: String
    let title: String
    let info: String?
    let format: String
    let version: Int
    let createdAt: Date
    let updatedAt: Date

    init(_ note: NotesAPI.Note, _ plain: NotePlaintext, showingInfo: Bool) {
        id = note.id.uuidString.lowercased()
        shortId = String(note.shortID)
        title = plain.title
        info = showingInfo ? plain.info : nil
        format = note.format.commandLineName
        version = note.version
        createdAt = note.createdAt
        updatedAt = note.updatedAt
    }
}

extension NoteFormat {
    /// The name `--format` takes for it (`seqr`, `rncryptor`), which `--json` prints too.
    var commandLineName: String {
        switch self {
        case .seqrAEAD: "seqr"
        case .rncryptor: "rncryptor"
        }
    }
}
