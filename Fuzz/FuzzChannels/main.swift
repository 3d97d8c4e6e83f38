import Crypto
import Foundation
import FuzzSupport
import SeqrCore

// Channel codes: public key, channel share, message, rekey, in suites 1 and 2, and their links. Beyond raw bytes,
// two modes put fuzzed input behind a valid signature: a message whose plaintext is fuzzed inside
// a correctly encrypted and signed code (suite 1 or 2), and a rekey code whose body is fuzzed and
// then signed, so the parser behind the signature (kind, dates, UTF-8 content; entries, HPKE)
// sees what a hostile channel owner could send.
// Fixtures are static members, reachable until exit: as main.swift globals LeakSanitizer
// reported the channel's id as a leak at the end of a clean run.
enum Fixture {
    static let owner = PrivateIdentity.generate(name: "owner")
    static let recipient = PrivateIdentity.generate(name: "recipient")
    static let channel = Channel.create(name: "fuzz", owner: owner.publicIdentity, suite: .v1)
    static let channel2 = Channel.create(name: "fuzz 2", owner: owner.publicIdentity, suite: .v2)

    static func sign(_ bytes: [UInt8]) -> [UInt8] {
        guard case .ed25519(let key) = owner.signingKey else { fatalError("the owner is generated with Ed25519") }
        return bytes + [UInt8](try! key.signature(for: Data(bytes)))
    }
}

runFuzzer { bytes in
    var input = FuzzInput(bytes)
    switch input.byte() % 7 {
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
        _ = try? ChannelMessageCode.header(raw)
        _ = try? ChannelMessageCode.decode(raw, channel: Fixture.channel)
        _ = try? ChannelMessageCode.decode(raw, channel: Fixture.channel2)
    case 3:
        // Fuzzed plaintext in a valid message code; the first byte picks the suite.
        let channel = input.bool() ? Fixture.channel2 : Fixture.channel
        let plaintext = input.rest()
        let nonce = SecureRandom.bytes(12)
        var prefix = SeqrCodeType.message.header(channel.suite) + [UInt8](channel.id)
        if channel.suite == .v2 { prefix += [0, 0, 0, 0] }
        prefix += nonce + [UInt8((plaintext.count + 16) >> 8 & 0xFF), UInt8((plaintext.count + 16) & 0xFF)]
        let key = HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: channel.secret),
                                         info: Data("seqr channel message v\(channel.suite.rawValue)".utf8), outputByteCount: 32)
        let sealed: [UInt8] = if channel.suite == .v2 {
            try! { let box = try AES.GCM.seal(plaintext, using: key, nonce: AES.GCM.Nonce(data: nonce), authenticating: prefix)
                   return [UInt8](box.ciphertext) + [UInt8](box.tag) }()
        } else {
            try! { let box = try ChaChaPoly.seal(plaintext, using: key, nonce: ChaChaPoly.Nonce(data: nonce), authenticating: prefix)
                   return [UInt8](box.ciphertext) + [UInt8](box.tag) }()
        }
        _ = try? ChannelMessageCode.decode(Fixture.sign(prefix + sealed), channel: channel)
    case 4:
        let raw = input.rest()
        if let code = try? ChannelRekeyCode(parsing: raw) {
            fuzzCheck(code.epoch >= 1 && code.part >= 1 && code.part <= code.parts, "rekey fields in range")
        }
        _ = try? ChannelRekeyCode.open(raw, channel: Fixture.channel2, for: Fixture.recipient)
    case 5:
        // A fuzzed rekey body after a valid header, signed by the channel's owner.
        let body = SeqrCodeType.rekey.header(.v2) + [UInt8](Fixture.channel2.id) + input.rest()
        _ = try? ChannelRekeyCode.open(Fixture.sign(body), channel: Fixture.channel2, for: Fixture.recipient)
    default:
        // Links (https://HOST/app/#CODE) and link bases, as text: what reads back must print the same.
        let raw = input.rest()
        let text = String(decoding: raw, as: UTF8.self)
        if let link = try? SeqrCodeLink(parsing: text) {
            fuzzCheck((try? SeqrCodeLink(parsing: link.description)) == link, "a parsed link printed again reads back the same")
        }
        if let base = try? SeqrCodeLink.validatedBase(text) {
            fuzzCheck((try? SeqrCodeLink.validatedBase(base)) == base, "a validated link base is its own validation")
        }
        _ = try? SeqrCode(parsing: raw)
    }
}
