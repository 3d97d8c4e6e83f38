import Crypto
import Foundation

/// The key that seals a local store's secrets (channel secrets, the notes session token,
/// location share keys) when the store's identity has a passphrase.
///
/// It is derived with HKDF-SHA256 from the identity's private keys, which are themselves sealed
/// under the passphrase (PBKDF2, ``VaultMessage``): unlocking the identity once yields both, so
/// sealing the other secrets costs no second password hash, and whoever copies the store file
/// without the passphrase holds none of them. The key is the same for the life of the identity.
package struct StoreSecretsKey: Sendable {
    let key: SymmetricKey

    package init(identity: PrivateIdentity) {
        key = HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: identity.serializedPrivateKeys()),
                                     salt: Data("seqr local store".utf8), info: Data("seqr-store-secrets-v1".utf8),
                                     outputByteCount: 32)
    }
}
