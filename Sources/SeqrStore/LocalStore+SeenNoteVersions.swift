import Foundation
import GRDB
import SeqrCore

extension LocalStore {
    /// What was seen of every note of this account, by note id.
    public func seenNoteVersions(server: String, username: String) throws -> [UUID: SeenNoteVersion] {
        try database.read { db in
            let records = try SeenNoteVersionRecord
                .filter(Column("server") == server && Column("username") == username)
                .fetchAll(db)
            var seen: [UUID: SeenNoteVersion] = [:]
            for record in records {
                guard let id = UUID(uuidString: record.noteID) else { continue }
                seen[id] = SeenNoteVersion(version: record.version, versionBound: record.versionBound, deleted: record.deleted)
            }
            return seen
        }
    }

    /// Records notes as seen; what is kept only ever moves forward.
    public func recordSeenNotes(_ notes: [(id: UUID, seen: SeenNoteVersion)], server: String, username: String) throws {
        guard !notes.isEmpty else { return }
        try database.write { db in
            for (id, seen) in notes {
                let key = ["server": server, "username": username, "noteID": id.uuidString.lowercased()]
                let merged = try SeenNoteVersionRecord.fetchOne(db, key: key)
                    .map { SeenNoteVersion(version: $0.version, versionBound: $0.versionBound, deleted: $0.deleted).merged(with: seen) } ?? seen
                try SeenNoteVersionRecord(server: server, username: username, noteID: id.uuidString.lowercased(),
                                          version: merged.version, versionBound: merged.versionBound, deleted: merged.deleted).save(db)
            }
        }
    }
}
