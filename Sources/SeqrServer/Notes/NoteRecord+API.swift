import SeqrCore

extension NoteRecord {
    /// The note as the API returns it.
    var api: NotesAPI.Note {
        NotesAPI.Note(id: id, title: note.title, info: note.info, format: note.format, kdf: note.kdf,
                      version: version, createdAt: createdAt, updatedAt: updatedAt)
    }
}
