import Foundation
import SeqrCore
import Testing

@Suite("Sealed store secret format")
struct SealedStoreSecretTests {
    let key = StoreSecretsKey(identity: PrivateIdentity.generate(name: "Alice"))
    let secret = Data((0..<32).map { UInt8($0) })

    @Test("round trip; the layout is magic, version, 12-byte nonce, ciphertext, 16-byte tag")
    func roundTrip() throws {
        let sealed = SealedStoreSecret(sealing: secret, key: key, purpose: "channel.secret", rowKey: "row")
        let bytes = sealed.serialized()
        #expect(bytes.count == 4 + 1 + 12 + 32 + 16 && Array(bytes.prefix(5)) == Array("SQSS".utf8) + [1])
        #expect(try SealedStoreSecret(parsing: bytes).open(key: key, purpose: "channel.secret", rowKey: "row") == Array(secret))
        let again = SealedStoreSecret(sealing: secret, key: key, purpose: "channel.secret", rowKey: "row")
        #expect(again.nonce != sealed.nonce)  // a fresh nonce each time
        let text = sealed.serializedText()
        #expect(text.hasPrefix("sqss:"))
        #expect(try SealedStoreSecret(parsingText: text) == sealed)
    }

    @Test("wrong key, other purpose or row, any flipped byte: authenticationFailed; clear, truncated or newer input: its own error")
    func refusals() throws {
        let bytes = SealedStoreSecret(sealing: secret, key: key, purpose: "channel.secret", rowKey: "row").serialized()
        let other = StoreSecretsKey(identity: PrivateIdentity.generate(name: "Mallory"))
        #expect(throws: StoreSecretError.authenticationFailed) { try SealedStoreSecret(parsing: bytes).open(key: other, purpose: "channel.secret", rowKey: "row") }
        #expect(throws: StoreSecretError.authenticationFailed) { try SealedStoreSecret(parsing: bytes).open(key: key, purpose: "locationShare.key", rowKey: "row") }
        #expect(throws: StoreSecretError.authenticationFailed) { try SealedStoreSecret(parsing: bytes).open(key: key, purpose: "channel.secret", rowKey: "row2") }
        for index in 5..<bytes.count {
            var flipped = bytes
            flipped[index] ^= 0x40
            #expect(throws: StoreSecretError.authenticationFailed) { try SealedStoreSecret(parsing: flipped).open(key: key, purpose: "channel.secret", rowKey: "row") }
        }
        var newer = bytes
        newer[4] = 2
        #expect(throws: StoreSecretError.unknownVersion(2)) { try SealedStoreSecret(parsing: newer) }
        #expect(throws: StoreSecretError.notSealed) { try SealedStoreSecret(parsing: bytes.prefix(20)) }
        #expect(throws: StoreSecretError.notSealed) { try SealedStoreSecret(parsing: secret) }
        #expect(throws: StoreSecretError.notSealed) { try SealedStoreSecret(parsingText: "q8N3xVhD2kP0mWzR7yLcA1sB5uE9fJ4iT6oG3nHbK2Y") }
        #expect(!SealedStoreSecret.isSealed(secret) && SealedStoreSecret.isSealed(bytes))
    }

    @Test("the key depends on the identity, not on chance: the same identity derives the same key")
    func keyDerivation() throws {
        let identity = PrivateIdentity.generate(name: "Alice")
        let restored = try PrivateIdentity(serializedPrivateKeys: identity.serializedPrivateKeys())
        let sealed = SealedStoreSecret(sealing: secret, key: StoreSecretsKey(identity: identity), purpose: "p", rowKey: "r")
        #expect(try sealed.open(key: StoreSecretsKey(identity: restored), purpose: "p", rowKey: "r") == Array(secret))
    }
}
