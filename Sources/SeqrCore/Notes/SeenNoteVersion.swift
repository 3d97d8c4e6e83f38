import Foundation

/// The newest form of a note a client has opened: its version, and whether its fields were
/// bound to that version. A client keeps one per note (the local store) and refuses anything
/// older, so a server cannot roll a note back to an earlier text.
public struct SeenNoteVersion: Sendable, Equatable {
    /// The highest version opened.
    public var version: Int
    /// Whether that version's fields were bound to it (field version 2 or 3).
    public var versionBound: Bool
    /// Deleted from this machine: the note must not come back.
    public var deleted: Bool

    /// The newest form of a note this client has opened.
    public init(version: Int, versionBound: Bool, deleted: Bool = false) {
        self.version = version
        self.versionBound = versionBound
        self.deleted = deleted
    }

    /// What was seen after also seeing `other`.
    public func merged(with other: SeenNoteVersion) -> SeenNoteVersion {
        SeenNoteVersion(version: max(version, other.version), versionBound: versionBound || other.versionBound,
                        deleted: deleted || other.deleted)
    }
}

extension NotesAPI.Note {
    /// What this note, as served, would add to a client's memory.
    public var seen: SeenNoteVersion {
        SeenNoteVersion(version: version, versionBound: format == .seqrAEAD
                        && SealedNoteField.isVersionBound(title) && SealedNoteField.isVersionBound(info))
    }

    /// Refuses a note older than what this client has seen of it. The version number of an
    /// unbound (older-format) note is only the server's word; once a note was seen bound, an
    /// unbound form of it is refused too.
    public func checkNotRolledBack(seen: SeenNoteVersion?) throws(NotesError) {
        guard let seen else { return }
        if seen.deleted { throw .deletedNoteReturned(noteID: id) }
        if seen.versionBound && !self.seen.versionBound { throw .versionBindingRemoved(noteID: id) }
        if version < seen.version { throw .rolledBack(noteID: id, seen: seen.version, served: version) }
    }
}
