import Foundation

/// The paper emergency kit's wire types (docs/openapi.yaml, docs/formats/notes.md "Paper emergency kit").
extension NotesAPI {
    /// `PUT /v1/account/kit`: the new kit's wrapped copy, replacing every older kit; `authKey` proves the password.
    public struct ReplaceKitRequest: Codable, Sendable {
        public var authKey: String
        /// Kind `kit`, id ``NotesKitKey/methodID``.
        public var kit: NewUnlockMethod
        public init(authKey: String, kit: NewUnlockMethod) {
            self.authKey = authKey
            self.kit = kit
        }
    }

    /// `POST /v1/sessions/kit`: a sign-in with a kit instead of the password.
    public struct KitLoginRequest: Codable, Sendable {
        public var username: String
        /// ``NotesKitKey/authenticationToken``.
        public var kitAuthKey: String
        public init(username: String, kitAuthKey: String) {
            self.username = username
            self.kitAuthKey = kitAuthKey
        }
    }

    /// `PUT /v1/account/password/kit`: a new password, proving the kit instead of the old password.
    /// No note is sent or touched: the account key is rewrapped for the new password.
    public struct KitPasswordResetRequest: Codable, Sendable {
        public var kitAuthKey: String
        public var newAuthKey: String
        public var newKDF: AccountKDFParameters
        /// The account key wrapped for the new password (kind `password`).
        public var password: NewUnlockMethod
        public init(kitAuthKey: String, newAuthKey: String, newKDF: AccountKDFParameters, password: NewUnlockMethod) {
            self.kitAuthKey = kitAuthKey
            self.newAuthKey = newAuthKey
            self.newKDF = newKDF
            self.password = password
        }
    }
}
