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

extension ChannelStore {
    public func notesSession() throws -> NotesSession? {
        try database.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM notesSession WHERE id = 1") else { return nil }
            let kdf = try JSONDecoder().decode(AccountKDFParameters.self, from: row["kdf"] as Data)
            return NotesSession(server: row["server"], username: row["username"], token: row["token"], kdf: kdf, expires: row["expires"])
        }
    }

    public func saveNotesSession(_ session: NotesSession) throws {
        let kdf = try JSONEncoder().encode(session.kdf)
        try database.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO notesSession (id, server, username, token, kdf, expires) VALUES (1, ?, ?, ?, ?, ?)",
                           arguments: [session.server, session.username, session.token, kdf, session.expires])
        }
    }

    public func clearNotesSession() throws {
        try database.write { db in try db.execute(sql: "DELETE FROM notesSession") }
    }
}
