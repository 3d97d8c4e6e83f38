import Foundation
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
