import Foundation
import GRDB
import SeqrCore

/// The signed-in notes session: server, username, bearer token and the account's (public) KDF
/// parameters. Never the password or a key: every command that decrypts asks for the password.
public struct NotesSession: Sendable, Equatable {
    public var server: String
    public var username: String
    public var token: String
    public var kdf: AccountKDFParameters
    public var expires: Date

    public init(server: String, username: String, token: String, kdf: AccountKDFParameters, expires: Date) {
        self.server = server
        self.username = username
        self.token = token
        self.kdf = kdf
        self.expires = expires
    }
}

/// One notes session at a time; its token is sealed when the identity has a passphrase.
extension LocalStore {
    public func notesSession() throws -> NotesSession? {
        guard let record = try database.read({ db in try NotesSessionRecord.fetchOne(db) }) else { return nil }
        let kdf = try JSONDecoder().decode(AccountKDFParameters.self, from: record.kdf)
        return NotesSession(server: record.server, username: record.username, token: try token(in: record.token, rowKey: record.tokenRowKey),
                            kdf: kdf, expires: record.expires)
    }

    public func saveNotesSession(_ session: NotesSession) throws {
        var record = NotesSessionRecord(server: session.server, username: session.username, token: session.token,
                                        kdf: try JSONEncoder().encode(session.kdf), expires: session.expires)
        record.token = Self.storedToken(session.token, rowKey: record.tokenRowKey, key: try secretsKey())
        try database.write { db in try record.save(db) }
    }

    public func clearNotesSession() throws {
        _ = try database.write { db in try NotesSessionRecord.deleteAll(db) }
    }
}
