import Foundation
import SeqrCore

/// The signed-in notes session: server, username, bearer token and the account's (public) KDF
/// parameters. Never the password or a key: every command that decrypts asks for the password.
/// `passwordCheck` (``AccountKeys/passwordCheck``) lets a command refuse a mistyped password
/// before it writes; sessions saved by an older Seqr have none until the server confirms one.
public struct NotesSession: Sendable, Equatable {
    public var server: String
    public var username: String
    public var token: String
    public var kdf: AccountKDFParameters
    public var expires: Date
    public var passwordCheck: Data?

    public init(server: String, username: String, token: String, kdf: AccountKDFParameters, expires: Date, passwordCheck: Data? = nil) {
        self.server = server
        self.username = username
        self.token = token
        self.kdf = kdf
        self.expires = expires
        self.passwordCheck = passwordCheck
    }
}
