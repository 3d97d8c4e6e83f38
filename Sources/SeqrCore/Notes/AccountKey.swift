import Crypto
import Foundation

/// The one key that seals an account's notes (docs/formats/notes.md, "Account key"), and the
/// parameters its notes are labelled with (`kdf` on each note) so that clients and the server
/// know a note belongs to it.
///
/// Two origins: a new account draws a random key and a label with a salt of its own (which no
/// password derives, so an older client's note, labelled with the password's parameters, is
/// refused by the server rather than stored under a key no one else holds); an account made
/// before account keys keeps the `encKey` its password derived (``AccountKeys/encryptionKey``),
/// labelled with the parameters it was derived with — so no note is re-encrypted and the
/// server learns nothing it did not have. For such an account the old password still derives
/// the key: changing the password rewraps it and does not make the old password useless against
/// notes already stored (docs/security.md).
public struct AccountKey: Sendable {
    /// Seals and opens the notes; never leaves the client unwrapped.
    public let key: SymmetricKey
    /// The `kdf` every note sealed under ``key`` carries.
    public let noteKDF: AccountKDFParameters

    /// A key as unwrapped, with the label the server stores beside it.
    public init(key: SymmetricKey, noteKDF: AccountKDFParameters) {
        self.key = key
        self.noteKDF = noteKDF
    }

    /// A new account's key: 32 bytes from the system RNG, labelled with a fresh salt distinct from the password's.
    public static func random(iterations: Int) -> AccountKey {
        AccountKey(key: SymmetricKey(data: SecureRandom.data(32)), noteKDF: .fresh(iterations: iterations))
    }

    /// An existing account's key: the encryption key its password derived with `parameters`.
    public static func existing(_ keys: AccountKeys, parameters: AccountKDFParameters) -> AccountKey {
        AccountKey(key: keys.encryptionKey, noteKDF: parameters)
    }

    /// The key wrapped for one unlock method.
    public func wrapped(under wrappingKey: SymmetricKey, username: String, kind: UnlockMethodKind, methodID: String) -> WrappedAccountKey {
        WrappedAccountKey.seal(key, wrappingKey: wrappingKey, username: username, kind: kind, methodID: methodID)
    }
}
