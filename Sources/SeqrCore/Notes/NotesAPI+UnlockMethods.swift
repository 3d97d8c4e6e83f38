import Foundation

/// The account key's wire types (docs/openapi.yaml, docs/formats/notes.md "Account key").
extension NotesAPI {
    /// A method id: 1–128 characters of letters, digits, `-` and `_` (a lowercase UUID for the
    /// password, a kit's verifier ``NotesKitKey/methodID``, a passkey's credential id in base64url), so it is safe in a URL path.
    public static func isValidUnlockMethodID(_ id: String) -> Bool {
        (1...128).contains(id.count) && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    /// Most unlock methods an account may have (passkeys and kits; one password).
    public static let maximumUnlockMethods = 16

    /// One way to unlock the account key, as the server stores it: what it is, its id, when it
    /// was added, and the key wrapped under it (``WrappedAccountKey``) — never the key.
    public struct UnlockMethod: Codable, Sendable, Equatable {
        public var kind: UnlockMethodKind
        /// Chosen by the client and bound into the wrapped key's associated data.
        public var id: String
        /// ``WrappedAccountKey`` bytes (base64 in JSON).
        public var wrappedKey: Data
        /// When the server stored it.
        public var createdAt: Date
        public init(kind: UnlockMethodKind, id: String, wrappedKey: Data, createdAt: Date) {
            self.kind = kind
            self.id = id
            self.wrappedKey = wrappedKey
            self.createdAt = createdAt
        }
    }

    /// `GET /v1/account/unlock-methods`: the account key's label and its wrapped copies; an
    /// account made before account keys (not yet moved over) has neither.
    public struct UnlockMethodList: Codable, Sendable, Equatable {
        /// The `kdf` notes sealed under the account key carry; nil: no account key yet.
        public var noteKDF: AccountKDFParameters?
        public var methods: [UnlockMethod]
        public init(noteKDF: AccountKDFParameters?, methods: [UnlockMethod]) {
            self.noteKDF = noteKDF
            self.methods = methods
        }
    }

    /// A wrapped key for a method, as a client sends it.
    public struct NewUnlockMethod: Codable, Sendable, Equatable {
        public var kind: UnlockMethodKind
        public var id: String
        public var wrappedKey: Data
        public init(kind: UnlockMethodKind, id: String, wrappedKey: Data) {
            self.kind = kind
            self.id = id
            self.wrappedKey = wrappedKey
        }

        /// The account key wrapped for the password whose keys are `keys`, under a fresh method id.
        public static func password(_ accountKey: AccountKey, keys: AccountKeys, username: String) -> NewUnlockMethod {
            let id = UUIDText.lowercase(UUID())
            return NewUnlockMethod(kind: .password, id: id,
                                   wrappedKey: accountKey.wrapped(under: keys.wrappingKey, username: username, kind: .password, methodID: id).bytes)
        }
    }

    /// A new account's key at registration: its note label and the password's wrapped copy.
    public struct NewAccountKey: Codable, Sendable, Equatable {
        public var noteKDF: AccountKDFParameters
        public var password: NewUnlockMethod
        public init(noteKDF: AccountKDFParameters, password: NewUnlockMethod) {
            self.noteKDF = noteKDF
            self.password = password
        }
    }

    /// `POST /v1/account/key`: moves an account made before account keys over, in one step. The
    /// account key is the encryption key its password derives now, so its label is the account's
    /// current `kdf` (the server sets it) and no note changes.
    public struct CreateAccountKeyRequest: Codable, Sendable {
        /// Proves the password: a stolen session token alone cannot move an account.
        public var authKey: String
        /// The password-wrapped copy (kind `password`).
        public var password: NewUnlockMethod
        public init(authKey: String, password: NewUnlockMethod) {
            self.authKey = authKey
            self.password = password
        }
    }
}

extension NotesAPI.UnlockMethodList {
    /// The account key, unwrapped with the password's keys; nil when the account has none yet.
    /// ``NotesError/wrappedKeyDoesNotOpen(_:)`` when the server's wrapped copy is not this
    /// account's password's (altered, or moved from another account or method).
    public func accountKey(password keys: AccountKeys, username: String) throws(NotesError) -> AccountKey? {
        guard let noteKDF else { return nil }
        guard let method = methods.first(where: { $0.kind == .password }) else { throw .noPasswordUnlock }
        let key = try WrappedAccountKey(parsing: method.wrappedKey)
            .open(wrappingKey: keys.wrappingKey, username: username, kind: .password, methodID: method.id)
        return AccountKey(key: key, noteKDF: noteKDF)
    }
}
