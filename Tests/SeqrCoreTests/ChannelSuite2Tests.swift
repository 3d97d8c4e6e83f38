import Crypto
import Foundation
@testable import SeqrCore
import SeqrTestSupport
import Testing

/// Channel suite 2 (AES-256-GCM everywhere, epochs, rekey codes) against the vectors a browser
/// implementation checks too, RFC 9180's own vector for its HPKE, and an independent Python reader.
@Suite("Channel suite 2")
struct ChannelSuite2Tests {
    static let vectors = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Vectors")
    static let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Reference/channel_suite2_reference.py").path

    let owner = PrivateIdentity.generate(name: "Alice")
    let bob = PrivateIdentity.generate(name: "Bob")
    let carol = PrivateIdentity.generate(name: "Carol")

    static func json(_ name: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: vectors.appendingPathComponent(name))) as? [String: Any])
    }

    static func hex(_ value: Any?) throws -> [UInt8] {
        let text = try #require(value as? String)
        return stride(from: 0, to: text.count, by: 2).map { UInt8(text.dropFirst($0).prefix(2), radix: 16)! }
    }

    static func identity(_ person: Any?) throws -> PrivateIdentity {
        let fields = try #require(person as? [String: Any])
        return PrivateIdentity(signingKey: .ed25519(try Curve25519.Signing.PrivateKey(rawRepresentation: hex(fields["ed25519Private"]))),
                               agreementKey: try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: hex(fields["x25519Private"])),
                               name: try #require(fields["name"] as? String))
    }

    static func python(_ arguments: [String], stdin: [UInt8]) throws -> ExternalTool.Outcome {
        try ExternalTool.named("python3").run([reference] + arguments, stdin: Data(stdin))
    }

    @Test("RFC 9180's vector for base mode, DHKEM(X25519, HKDF-SHA256), HKDF-SHA256, AES-256-GCM opens with the suite's HPKE")
    func rfc9180() throws {
        let vector = try #require(try Self.json("rfc9180-base-x25519-sha256-aes256gcm.json")["vector"] as? [String: Any])
        #expect(vector["mode"] as? Int == 0 && vector["kem_id"] as? Int == 0x20 && vector["kdf_id"] as? Int == 1 && vector["aead_id"] as? Int == 2)
        let recipientKey = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: Self.hex(vector["skRm"]))
        #expect([UInt8](recipientKey.publicKey.rawRepresentation) == (try Self.hex(vector["pkRm"])))
        let suite = HPKE.Ciphersuite(kem: .Curve25519_HKDF_SHA256, kdf: .HKDF_SHA256, aead: .AES_GCM_256)
        var recipient = try HPKE.Recipient(privateKey: recipientKey, ciphersuite: suite, info: Data(Self.hex(vector["info"])),
                                           encapsulatedKey: Data(Self.hex(vector["enc"])))
        let encryptions = try #require(vector["encryptions"] as? [[String: Any]])
        #expect(encryptions.count == 3)
        for encryption in encryptions {
            let opened = try recipient.open(Self.hex(encryption["ct"]), authenticating: Self.hex(encryption["aad"]))
            #expect([UInt8](opened) == (try Self.hex(encryption["pt"])))
        }
        // The same suite's sender, to our own recipient, both ways.
        var sender = try HPKE.Sender(recipientKey: recipientKey.publicKey, ciphersuite: suite, info: Data("x".utf8))
        let sealed = try sender.seal(Array("pt".utf8), authenticating: Array("aad".utf8))
        var back = try HPKE.Recipient(privateKey: recipientKey, ciphersuite: suite, info: Data("x".utf8), encapsulatedKey: sender.encapsulatedKey)
        #expect(try back.open(sealed, authenticating: Array("aad".utf8)) == Data("pt".utf8))
    }

    @Test("the independent Python HPKE (pyhpke) agrees with RFC 9180's vector, sealing and opening")
    func rfc9180Reference() throws {
        let outcome = try ExternalTool.named("python3").run([Self.reference, "rfc9180", Self.vectors.appendingPathComponent("rfc9180-base-x25519-sha256-aes256gcm.json").path])
        #expect(outcome.status == 0 && outcome.stdoutText == "ok\n", "\(outcome.stderr)")
    }

    @Test("Tests/Vectors/channel-suite2.json: keys, share, message, rekey and a later message read exactly")
    func vectorFile() throws {
        let vector = try Self.json("channel-suite2.json")
        let alice = try Self.identity(vector["owner"]), bob = try Self.identity(vector["subscriber"]), carol = try Self.identity(vector["removed"])
        let ownerFields = try #require(vector["owner"] as? [String: Any])
        #expect(PublicKeyCode.encode(alice.publicIdentity) == (try Self.hex(ownerFields["publicKeyCode"])))
        #expect(alice.publicIdentity.fingerprint == ownerFields["fingerprint"] as? String)

        let expected = try #require(vector["channel"] as? [String: Any])
        let share = try Self.hex((vector["share"] as? [String: Any])?["code"])
        #expect(Array(share.prefix(4)) == [0x53, 0x51, 2, 2])
        let channel = try ChannelShareCode.decode(share, for: bob)
        let id = Data(try Self.hex(expected["id"])), secret = Data(try Self.hex(expected["secret"]))
        #expect(channel.id == id && channel.secret == secret)
        #expect(channel.name == "Garden" && channel.suite == .v2 && channel.epoch == 0 && channel.owner == alice.publicIdentity)
        #expect(channel.created == Date(timeIntervalSince1970: 1_764_000_000))
        #expect(throws: ChannelError.notForThisRecipient) { try ChannelShareCode.decode(share, for: carol) }

        let messageFields = try #require(vector["message"] as? [String: Any])
        let messageCode = try Self.hex(messageFields["code"])
        let message = ChannelMessage(kind: .text, created: Date(timeIntervalSince1970: 1_764_000_100), expires: nil, content: "Meeting at 6 ✓")
        #expect(try ChannelMessageCode.decode(messageCode, channel: channel) == message)
        // Ed25519 is deterministic: with the vector's nonce, Seqr writes the very same bytes.
        #expect(try ChannelMessageCode.encode(message, in: channel, signedBy: alice, nonce: Self.hex(messageFields["nonce"])) == messageCode)

        let rekeyFields = try #require(vector["rekey"] as? [String: Any])
        let rekey = try Self.hex(rekeyFields["code"])
        let moved = try ChannelRekeyCode.open(rekey, channel: channel, for: bob)
        let nextSecret = Data(try Self.hex(rekeyFields["secret"]))
        #expect(moved.epoch == 1 && moved.secret == nextSecret && moved.suite == .v2)
        #expect(throws: ChannelError.removedFromChannel("Garden")) { try ChannelRekeyCode.open(rekey, channel: channel, for: carol) }

        let laterFields = try #require(vector["laterMessage"] as? [String: Any])
        let later = try Self.hex(laterFields["code"])
        #expect(try ChannelMessageCode.decode(later, channel: moved).content == "https://garden.example/after")
        #expect(throws: ChannelError.epochNotReached(1)) { try ChannelMessageCode.decode(later, channel: channel) }
        // The older message still reads with the older epoch, not with the new one.
        #expect(throws: ChannelError.epochNotReached(0)) { try ChannelMessageCode.decode(messageCode, channel: moved) }
    }

    @Test("new channels use suite 2: its version byte on shares and messages, AES-256-GCM under the v2 key")
    func newChannelsAreSuite2() throws {
        let channel = Channel.create(name: "Garden", owner: owner.publicIdentity)
        #expect(channel.suite == .v2 && channel.epoch == 0)
        let share = try ChannelShareCode.encode(channel, to: bob.publicIdentity, signedBy: owner)
        #expect(Array(share.prefix(4)) == [0x53, 0x51, 2, 2])
        let message = ChannelMessage(kind: .text, created: Date(timeIntervalSince1970: 9), expires: nil, content: "hi")
        let code = try ChannelMessageCode.encode(message, in: channel, signedBy: owner)
        #expect(Array(code.prefix(4)) == [0x53, 0x51, 2, 3])
        // Opened by hand with AES-GCM under HKDF-SHA256(secret, info "seqr channel message v2"): the table in docs/formats/channels.md.
        let key = HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: channel.secret), info: Data("seqr channel message v2".utf8), outputByteCount: 32)
        let length = Int(code[36]) << 8 | Int(code[37])
        let box = try AES.GCM.SealedBox(nonce: AES.GCM.Nonce(data: code[24..<36]), ciphertext: code[38..<(38 + length - 16)], tag: code[(38 + length - 16)..<(38 + length)])
        let plaintext = try AES.GCM.open(box, using: key, authenticating: code[0..<38])
        #expect(String(decoding: plaintext.dropFirst(17), as: UTF8.self) == "hi")
    }

    @Test("suite-1 channels keep their ciphers and version byte 1, and read as before", arguments: ChannelSuite.allCases)
    func bothSuites(suite: ChannelSuite) throws {
        let channel = Channel.create(name: "Old", owner: owner.publicIdentity, suite: suite)
        let share = try ChannelShareCode.encode(channel, to: bob.publicIdentity, signedBy: owner)
        #expect(share[2] == suite.rawValue)
        #expect(try ChannelShareCode.decode(share, for: bob) == channel)
        let message = ChannelMessage(kind: .url, created: Date(timeIntervalSince1970: 7), expires: nil, content: "https://example.org")
        let code = try ChannelMessageCode.encode(message, in: channel, signedBy: owner)
        #expect(code[2] == suite.rawValue && code.count == 4 + 16 + (suite == .v2 ? 4 : 0) + 12 + 2 + 1 + 16 + 19 + 16 + 64)
        #expect(try ChannelMessageCode.decode(code, channel: channel) == message)
        #expect(try ChannelMessageCode.header(code) == ChannelMessageCode.Header(channelID: channel.id, suite: suite, epoch: 0))
    }

    @Test("a suite-1 message code's header read as suite 2 (and back) is refused, never misread")
    func suiteSwap() throws {
        for suite in ChannelSuite.allCases {
            let channel = Channel.create(name: "C", owner: owner.publicIdentity, suite: suite)
            var code = try ChannelMessageCode.encode(ChannelMessage(kind: .text, created: Date(), expires: nil, content: "x"), in: channel, signedBy: owner)
            code[2] = suite == .v1 ? 2 : 1
            #expect(throws: ChannelError.self) { try ChannelMessageCode.decode(code, channel: channel) }
        }
    }

    @Test("a removal: the rekey code gives the others the next epoch, tells the removed one, and only the owner can sign it")
    func rekey() throws {
        let channel = Channel.create(name: "Garden", owner: owner.publicIdentity)
        let next = channel.at(epoch: 1, secret: SecureRandom.data(32))
        let codes = try ChannelRekeyCode.encode(next, to: [bob.publicIdentity], removed: [carol.publicIdentity], signedBy: owner)
        #expect(codes.count == 1 && Array(codes[0].prefix(4)) == [0x53, 0x51, 2, 4])
        #expect(try ChannelRekeyCode.open(codes[0], channel: channel, for: bob) == next)
        #expect(throws: ChannelError.removedFromChannel("Garden")) { try ChannelRekeyCode.open(codes[0], channel: channel, for: carol) }
        // Carol, who knows the old secret, cannot make a rekey code the others accept.
        let forged = try ChannelRekeyCode.encode(channel.at(epoch: 2, secret: SecureRandom.data(32)), to: [bob.publicIdentity], removed: [], signedBy: carol)
        #expect(throws: ChannelError.badSignature) { try ChannelRekeyCode.open(forged[0], channel: channel, for: bob) }
        for offset in codes[0].indices {
            var damaged = codes[0]
            damaged[offset] ^= 0x01
            #expect(throws: ChannelError.self, "rekey byte \(offset)") { try ChannelRekeyCode.open(damaged, channel: channel, for: bob) }
        }
        #expect(throws: ChannelError.self) { try ChannelRekeyCode.open(Array(codes[0].dropLast(1)), channel: channel, for: bob) }
    }

    @Test("a suite-1 channel's rekey moves it to suite 2 at epoch 1")
    func suite1Rekey() throws {
        let channel = Channel.create(name: "Old", owner: owner.publicIdentity, suite: .v1)
        let next = channel.at(epoch: 1, secret: SecureRandom.data(32))
        #expect(next.suite == .v2)
        let codes = try ChannelRekeyCode.encode(next, to: [bob.publicIdentity], removed: [carol.publicIdentity], signedBy: owner)
        #expect(try ChannelRekeyCode.open(codes[0], channel: channel, for: bob) == next)
    }

    @Test("many subscribers: one code per 16, each part within a version-40 code, every subscriber in exactly one")
    func rekeyParts() throws {
        let channel = Channel.create(name: "Big", owner: owner.publicIdentity)
        let next = channel.at(epoch: 1, secret: SecureRandom.data(32))
        let subscribers = (0..<40).map { PrivateIdentity.generate(name: "S\($0)") }
        let codes = try ChannelRekeyCode.encode(next, to: subscribers.map(\.publicIdentity), removed: [carol.publicIdentity], signedBy: owner)
        #expect(codes.count == 3)
        #expect(codes.allSatisfy { $0.count <= 1_800 })
        for subscriber in subscribers {
            var opened = 0
            for code in codes {
                do {
                    #expect(try ChannelRekeyCode.open(code, channel: channel, for: subscriber).secret == next.secret)
                    opened += 1
                } catch {
                    let part = try ChannelRekeyCode(parsing: code).part
                    #expect(error == .inAnotherRekeyPart(part: part, of: 3))
                }
            }
            #expect(opened == 1)
        }
    }

    @Test("Seqr's suite-2 share, message and rekey codes open in the independent Python reader")
    func pythonReadsSeqr() throws {
        let channel = Channel.create(name: "Garden ✓", owner: owner.publicIdentity)
        guard case .ed25519(let signing) = owner.signingKey else { Issue.record("Ed25519 owner"); return }
        let ownerKey = signing.publicKey.rawRepresentation.hexString
        let share = try Self.python(["open-share", bob.agreementKey.rawRepresentation.hexString],
                                    stdin: ChannelShareCode.encode(channel, to: bob.publicIdentity, signedBy: owner))
        try #require(share.status == 0, "\(share.stderr)")
        let opened = try #require(try JSONSerialization.jsonObject(with: share.stdout) as? [String: Any])
        #expect(opened["secret"] as? String == channel.secret.hexString && opened["name"] as? String == "Garden ✓")
        #expect(opened["ownerFingerprint"] as? String == owner.publicIdentity.fingerprint)

        let message = try ChannelMessageCode.encode(ChannelMessage(kind: .text, created: Date(timeIntervalSince1970: 1), expires: nil, content: "ünïcode"),
                                                    in: channel, signedBy: owner)
        let read = try Self.python(["open-message", channel.secret.hexString, ownerKey], stdin: message)
        try #require(read.status == 0, "\(read.stderr)")
        #expect(read.stdoutText.contains("\"content\": \"ünïcode\""))
        var altered = message
        altered[30] ^= 1
        #expect(try Self.python(["open-message", channel.secret.hexString, ownerKey], stdin: altered).status == 1)

        let next = channel.at(epoch: 1, secret: SecureRandom.data(32))
        let rekey = try ChannelRekeyCode.encode(next, to: [bob.publicIdentity], removed: [carol.publicIdentity], signedBy: owner)[0]
        let moved = try Self.python(["open-rekey", bob.agreementKey.rawRepresentation.hexString, ownerKey], stdin: rekey)
        #expect(moved.stdoutText.contains(next.secret.hexString), "\(moved.stderr)")
        #expect(try Self.python(["open-rekey", carol.agreementKey.rawRepresentation.hexString, ownerKey], stdin: rekey).stdoutText.contains("\"removed\": true"))
    }

    @Test("the header's version is the suite: public keys only at 1, rekey codes only at 2, unknown versions refused")
    func versions() {
        #expect(throws: ChannelError.unsupportedVersion(2)) { try SeqrCodeType.classify([0x53, 0x51, 2, 1]) }
        #expect(throws: ChannelError.unsupportedVersion(1)) { try SeqrCodeType.classify([0x53, 0x51, 1, 4]) }
        #expect(throws: ChannelError.unsupportedVersion(3)) { try SeqrCodeType.classify([0x53, 0x51, 3, 2]) }
        let read = try? SeqrCodeType.read([0x53, 0x51, 2, 3])
        #expect(read?.type == .message && read?.suite == .v2)
    }
}

private extension Data {
    var hexString: String { map { String(format: "%02x", $0) }.joined() }
}
