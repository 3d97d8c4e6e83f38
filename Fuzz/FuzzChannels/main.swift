import Crypto
import Foundation
import FuzzSupport
import SeqrCore

// Channel codes: public key, channel share, message. Beyond raw bytes, one mode wraps fuzzed
// plaintext in a correctly encrypted and signed message code, so the parser behind the
// signature and the AEAD (kind, dates, UTF-8 content) sees hostile input too — as it would
// from a channel owner who is the attacker.
// Fixtures are static members, reachable until exit: as main.swift globals LeakSanitizer
// reported the channel's id as a leak at the end of a clean run.
enum Fixture {
    static let owner = PrivateIdentity.generate(name: "owner")
    static let recipient = PrivateIdentity.generate(name: "recipient")
    static let channel = Channel.create(name: "fuzz", owner: owner.publicIdentity)
    static let messageKey = HKDF<SHA256>.deriveKey(
        inputKeyMaterial: SymmetricKey(data: channel.secret), info: Data("seqr channel message v1".utf8), outputByteCount: 32)
}

runFuzzer { bytes in
    var input = FuzzInput(bytes)
    switch input.byte() % 4 {
    case 0:
        let raw = input.rest()
        if let identity = try? PublicKeyCode.decode(raw) {
            fuzzCheck(PublicKeyCode.encode(identity) == raw, "public key code round trip")
        }
        _ = try? SeqrCodeType.classify(raw)
    case 1:
        _ = try? ChannelShareCode.decode(input.rest(), for: Fixture.recipient)
    case 2:
        let raw = input.rest()
        _ = try? ChannelMessageCode.channelID(raw)
        _ = try? ChannelMessageCode.decode(raw, channel: Fixture.channel)
    default:
        let plaintext = input.rest()
        let nonce = ChaChaPoly.Nonce()
        var prefix = SeqrCodeType.message.header + [UInt8](Fixture.channel.id) + Array(nonce)
        prefix += [UInt8((plaintext.count + 16) >> 8 & 0xFF), UInt8((plaintext.count + 16) & 0xFF)]
        let box = try! ChaChaPoly.seal(plaintext, using: Fixture.messageKey, nonce: nonce, authenticating: prefix)
        let signed = prefix + [UInt8](box.ciphertext) + [UInt8](box.tag)
        guard case .ed25519(let key) = Fixture.owner.signingKey else { fatalError("the owner is generated with Ed25519") }
        let code = signed + [UInt8](try! key.signature(for: Data(signed)))
        _ = try? ChannelMessageCode.decode(code, channel: Fixture.channel)
    }
}
