import Foundation
import GRDB
import SeqrCore

/// One notes session at a time; its token is sealed when the identity has a passphrase.
extension LocalStore {
    public func notesSession() throws -> NotesSession? {
        guard let record = try database.read({ db in try NotesSessionRecord.fetchOne(db) }) else { return nil }
        let kdf = try JSONDecoder().decode(AccountKDFParameters.self, from: record.kdf)
        return NotesSession(server: record.server, username: record.username, token: try token(in: record.token, rowKey: record.tokenRowKey),
                            kdf: kdf, expires: record.expires, passwordCheck: record.passwordCheck)
    }

    public func saveNotesSession(_ session: NotesSession) throws {
        var record = NotesSessionRecord(server: session.server, username: session.username, token: session.token,
                                        kdf: try JSONEncoder().encode(session.kdf), expires: session.expires,
                                        passwordCheck: session.passwordCheck)
        record.token = Self.storedToken(session.token, rowKey: record.tokenRowKey, key: try secretsKey())
        try database.write { db in try record.save(db) }
    }

    public func clearNotesSession() throws {
        _ = try database.write { db in try NotesSessionRecord.deleteAll(db) }
    }
}
