import Foundation

/// Passkeys' wire types (docs/openapi.yaml; docs/formats/notes.md "Passkeys"). Binary fields are
/// base64url without padding, as WebAuthn's own JSON writes them; a wrapped key is base64 as in
/// ``UnlockMethod``.
extension NotesAPI {
    /// `POST /v1/account/passkeys/options` (signed in): what the page passes to
    /// `navigator.credentials.create`. The challenge is single-use and lives ``passkeyChallengeLifetime`` seconds.
    public struct PasskeyCreationOptions: Codable, Sendable, Equatable {
        /// Names the challenge in the finishing request.
        public var challengeID: String
        public var challenge: String
        public var rpID: String
        /// The account's WebAuthn user handle: its UUID's 16 bytes (no name in it).
        public var userID: String
        public var username: String
        /// The PRF input's salt: this account's `noteKDF` salt (the PRF evaluates
        /// `"seqr-passkey-prf-v1" 0x00 ‖ salt`), the same for every passkey of the account.
        public var prfSalt: String
        /// Credential ids already registered on the account (`excludeCredentials`).
        public var excludeCredentials: [String]
        /// COSE algorithms the server verifies, most preferred first.
        public var algorithms: [Int]
        public init(challengeID: String, challenge: String, rpID: String, userID: String, username: String, prfSalt: String,
                    excludeCredentials: [String], algorithms: [Int]) {
            self.challengeID = challengeID
            self.challenge = challenge
            self.rpID = rpID
            self.userID = userID
            self.username = username
            self.prfSalt = prfSalt
            self.excludeCredentials = excludeCredentials
            self.algorithms = algorithms
        }
    }

    /// `POST /v1/account/passkeys`: a new passkey's registration and the account key wrapped
    /// under its PRF output (method id: the credential id, base64url).
    public struct NewPasskey: Codable, Sendable, Equatable {
        public var challengeID: String
        public var credentialID: String
        public var clientDataJSON: String
        public var attestationObject: String
        /// ``WrappedAccountKey`` bytes (base64), kind `passkey`, method id `credentialID`.
        public var wrappedKey: Data
        public init(challengeID: String, credentialID: String, clientDataJSON: String, attestationObject: String, wrappedKey: Data) {
            self.challengeID = challengeID
            self.credentialID = credentialID
            self.clientDataJSON = clientDataJSON
            self.attestationObject = attestationObject
            self.wrappedKey = wrappedKey
        }
    }

    /// `POST /v1/passkey-sessions/options {username}`: what the page passes to
    /// `navigator.credentials.get`. An unknown name gets a decoy salt, stable per name, so the
    /// answer does not tell which names exist; no credential ids are listed for the same reason
    /// (passkeys are discoverable).
    public struct PasskeyRequestOptionsRequest: Codable, Sendable, Equatable {
        public var username: String
        public init(username: String) { self.username = username }
    }

    public struct PasskeyRequestOptions: Codable, Sendable, Equatable {
        public var challengeID: String
        public var challenge: String
        public var rpID: String
        public var prfSalt: String
        public init(challengeID: String, challenge: String, rpID: String, prfSalt: String) {
            self.challengeID = challengeID
            self.challenge = challenge
            self.rpID = rpID
            self.prfSalt = prfSalt
        }
    }

    /// `POST /v1/passkey-sessions`: an assertion for the named account.
    public struct PasskeySignIn: Codable, Sendable, Equatable {
        public var username: String
        public var challengeID: String
        public var credentialID: String
        public var clientDataJSON: String
        public var authenticatorData: String
        public var signature: String
        public init(username: String, challengeID: String, credentialID: String, clientDataJSON: String, authenticatorData: String, signature: String) {
            self.username = username
            self.challengeID = challengeID
            self.credentialID = credentialID
            self.clientDataJSON = clientDataJSON
            self.authenticatorData = authenticatorData
            self.signature = signature
        }
    }

    /// A passkey sign-in's answer: a session, and the account key wrapped for this passkey with
    /// its label — all a client needs to open the notes, with the PRF output it already has.
    public struct PasskeySessionResponse: Codable, Sendable {
        public var session: SessionResponse
        public var noteKDF: AccountKDFParameters
        public var method: UnlockMethod
        public init(session: SessionResponse, noteKDF: AccountKDFParameters, method: UnlockMethod) {
            self.session = session
            self.noteKDF = noteKDF
            self.method = method
        }
    }

    /// Seconds a passkey challenge stays usable.
    public static let passkeyChallengeLifetime: TimeInterval = 300
}
