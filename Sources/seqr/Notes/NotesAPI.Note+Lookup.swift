import Foundation
import SeqrCLISupport
import SeqrCore

extension NotesAPI.Note {
    /// The first 8 characters of the id: what `list` shows and `show`/`edit`/`rm` accept.
    var shortID: Substring { id.uuidString.lowercased().prefix(8) }
}

/// Finds a note by full id or unique id prefix.
func findNote(_ reference: String, in notes: [NotesAPI.Note]) throws -> NotesAPI.Note {
    let matches = notes.filter { $0.id.uuidString.lowercased().hasPrefix(reference.lowercased()) }
    guard !reference.isEmpty, let first = matches.first else { throw CLIError("no note \(reference) (see `seqr notes list`)") }
    guard matches.count == 1 else { throw CLIError("\(reference) matches several notes; give more of the id") }
    return first
}
