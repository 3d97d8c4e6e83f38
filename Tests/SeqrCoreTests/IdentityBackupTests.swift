import Foundation
import SeqrCore
import Testing

/// docs/formats/identity-backup.md: the sealed file and its document, against the file the web
/// app's keyring wrote (Tests/Vectors/identity-backup-web.json).
@Suite("Identity backup file")
struct IdentityBackupTests {
    static let vectors = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Vectors")

    struct WebVector: Decodable {
        struct Channel: Decodable { let name: String; let owned: Bool; let id: String; let epochs: [UInt32] }
        struct Subscriber: Decodable { let name: String; let removed: Bool }
        struct Message: Decodable { let code: String; let content: String }
        let passphrase: String, name: String, fingerprint: String, fileBase64: String
        let channels: [Channel], subscribers: [Subscriber], messages: [Message]
        var file: [UInt8] { [UInt8](Data(base64Encoded: fileBase64)!) }
    }

    static func web() throws -> WebVector {
        try JSONDecoder().decode(WebVector.self, from: Data(contentsOf: vectors.appendingPathComponent("identity-backup-web.json")))
    }

    /// A backup with an owned channel at epoch 1 (a removed subscriber) and a subscribed one.
    static func sample() -> IdentityBackup {
        let alice = PrivateIdentity.generate(name: "Alice"), bob = PrivateIdentity.generate(name: "Bob"), carol = PrivateIdentity.generate(name: "Carol")
        let garden = IdentityBackupChannel(id: Data(repeating: 1, count: 16), name: "Garden", owner: alice.publicIdentity, owned: true, created: Date(timeIntervalSince1970: 1_700_000_000),
                                           suite: .v2, epoch: 1, secrets: [0: Data(repeating: 2, count: 32), 1: Data(repeating: 3, count: 32)],
                                           subscribers: [.init(name: "Bob", identity: bob.publicIdentity, removed: false), .init(name: "Carol", identity: carol.publicIdentity, removed: true)])
        let orchard = IdentityBackupChannel(id: Data(repeating: 4, count: 16), name: "Orchard", owner: bob.publicIdentity, owned: false, created: Date(timeIntervalSince1970: 1_700_000_100),
                                            suite: .v1, epoch: 0, secrets: [0: Data(repeating: 5, count: 32)])
        return IdentityBackup(identity: alice, channels: [garden, orchard], exported: Date(timeIntervalSince1970: 1_700_000_200))
    }

    @Test("the page's file opens here, with the passphrase typed in either Unicode form: identity, channels, epochs, subscribers")
    func webVector() throws {
        let vector = try Self.web()
        let file = try SealedIdentityBackup(parsing: vector.file)
        #expect(file.iterations == 210_000)
        #expect(file.serialized() == vector.file)
        // "é" as e + U+0301: the same passphrase after NFC, as the page derived it.
        let decomposed = vector.passphrase.decomposedStringWithCanonicalMapping
        #expect(Array(decomposed.utf8) != Array(vector.passphrase.utf8))
        let backup = try file.open(passphrase: decomposed)
        #expect(backup.identity.name == vector.name)
        #expect(backup.identity.publicIdentity.fingerprint == vector.fingerprint)
        #expect(backup.channels.map { $0.name } == vector.channels.map(\.name))
        #expect(backup.channels.map { $0.owned } == vector.channels.map(\.owned))
        #expect(backup.channels.map { $0.id.map { String(format: "%02x", $0) }.joined() } == vector.channels.map(\.id))
        #expect(backup.channels.map { $0.secrets.keys.sorted() } == vector.channels.map(\.epochs))
        #expect(backup.channels.map { $0.suite } == [.v2, .v2])
        #expect(backup.channels[0].subscribers.map { [$0.name, "\($0.removed)"] } == vector.subscribers.map { [$0.name, "\($0.removed)"] })
        #expect(throws: IdentityBackupError.wrongPassphraseOrDamaged) { try file.open(passphrase: vector.passphrase + " ") }
    }

    @Test("sealed and opened: the same document; a fresh salt and nonce each time; the AAD binds the format's name")
    func roundTrip() throws {
        let sample = Self.sample()
        let first = SealedIdentityBackup.seal(sample, passphrase: "a passphrase", iterations: 210_000)
        let second = SealedIdentityBackup.seal(sample, passphrase: "a passphrase", iterations: 210_000)
        #expect(first.salt != second.salt && first.sealed.prefix(12) != second.sealed.prefix(12))
        let bytes = first.serialized()
        #expect(Array(bytes.prefix(9)) == Array("SQIB".utf8) + [1, 0, 0x03, 0x34, 0x50])
        let opened = try SealedIdentityBackup(parsing: bytes).open(passphrase: "a passphrase")
        #expect(opened.serialized() == sample.serialized())
        #expect(opened.channels == sample.channels)
        #expect(opened.identity.publicIdentity == sample.identity.publicIdentity)
        #expect(throws: IdentityBackupError.wrongPassphraseOrDamaged) { try SealedIdentityBackup(parsing: bytes).open(passphrase: "a Passphrase") }
    }

    @Test("a changed byte in each region, a cut, a foreign or over-large file: each refused with its own error, the KDF's bounds before deriving")
    func damaged() throws {
        let bytes = SealedIdentityBackup.seal(Self.sample(), passphrase: "pass", iterations: 210_000).serialized()
        func refusal(_ changed: [UInt8]) -> IdentityBackupError? {
            do { _ = try SealedIdentityBackup(parsing: changed).open(passphrase: "pass"); return nil } catch { return error }
        }
        func flipped(_ at: Int, _ value: UInt8? = nil) -> [UInt8] { var copy = bytes; copy[at] = value ?? copy[at] ^ 1; return copy }
        #expect(refusal(flipped(0)) == .notABackup)
        #expect(refusal(flipped(4)) == .unsupportedVersion(0))
        #expect(refusal(flipped(5, 0xff)) == .badIterations(0xff03_3450))  // before any derivation
        #expect(refusal(flipped(7, 0)) == .badIterations(0x0003_0050))
        for at in [8, 9, 24, 25, 36, 37, bytes.count - 17, bytes.count - 1] {
            #expect(refusal(flipped(at)) == .wrongPassphraseOrDamaged, "byte \(at)")
        }
        for length in [0, 3, 4, 5, 24, 52] { #expect(refusal(Array(bytes.prefix(length))) == .truncated, "\(length) bytes") }
        #expect(refusal(Array(bytes.dropLast())) == .wrongPassphraseOrDamaged)
        #expect(refusal([0x89] + Array("PNG\r\n\u{1a}\n".utf8) + [UInt8](repeating: 0, count: 60)) == .notABackup)
        #expect(refusal(Array("SQNX".utf8) + [1] + [UInt8](repeating: 0, count: 60)) == .notABackup)
        #expect(refusal(Array(bytes.prefix(37)) + [UInt8](repeating: 0, count: SealedIdentityBackup.maximumBytes)) == .tooLarge(SealedIdentityBackup.maximumBytes + 37))
        #expect(IdentityBackupError.wrongPassphraseOrDamaged.description.contains("nothing was restored"))
    }

    @Test("the document is checked once opened: every malformed value is refused with what is wrong")
    func malformed() throws {
        let good = String(decoding: Self.sample().serialized(), as: UTF8.self)
        #expect(throws: Never.self) { try IdentityBackup(parsing: Array(good.utf8)) }
        var json = try #require(try JSONSerialization.jsonObject(with: Data(good.utf8)) as? [String: Any])
        func refused(_ change: (inout [String: Any]) -> Void, _ words: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            var copy = json
            change(&copy)
            let bytes = [UInt8](try JSONSerialization.data(withJSONObject: copy))
            #expect(throws: IdentityBackupError.self, sourceLocation: sourceLocation) { try IdentityBackup(parsing: bytes) }
            do { _ = try IdentityBackup(parsing: bytes) } catch {
                #expect(String(describing: error).contains(words), "\(error)", sourceLocation: sourceLocation)
            }
        }
        func channel(_ index: Int, _ change: @escaping (inout [String: Any]) -> Void) -> (inout [String: Any]) -> Void {
            { document in
                var channels = document["channels"] as! [[String: Any]]
                change(&channels[index])
                document["channels"] = channels
            }
        }
        #expect(throws: IdentityBackupError.malformedContents("not the JSON of an identity backup")) { try IdentityBackup(parsing: Array("{".utf8)) }
        try refused({ $0["identity"] = ["name": "Alice", "signingAlgorithm": "ed25519", "signingKey": "AAAA", "agreementKey": "AAAA"] }, "32 bytes")
        try refused({ var i = $0["identity"] as! [String: Any]; i["name"] = "Eve\u{202E}"; $0["identity"] = i }, "name")
        try refused({ var i = $0["identity"] as! [String: Any]; i["signingAlgorithm"] = "rsa"; $0["identity"] = i }, "unknown signing algorithm")
        try refused(channel(0) { $0["id"] = "01" }, "32 lowercase hex")
        try refused(channel(0) { $0["id"] = String(repeating: "A", count: 32) }, "32 lowercase hex")
        try refused(channel(0) { $0["secrets"] = ["0": Data(repeating: 1, count: 32).base64EncodedString()] }, "no secret of its current epoch")
        try refused(channel(0) { var s = $0["secrets"] as! [String: String]; s["2"] = s["1"]; $0["secrets"] = s }, "not 0…1")
        try refused(channel(0) { var s = $0["secrets"] as! [String: String]; s["01"] = s["1"]; $0["secrets"] = s }, "not 0…1")
        try refused(channel(0) { var s = $0["secrets"] as! [String: String]; s["0"] = "AAAA"; $0["secrets"] = s }, "32 bytes")
        try refused(channel(1) { $0["owned"] = true }, "marked owned, but its owner is another identity")
        try refused(channel(1) { $0["epoch"] = 1; $0["secrets"] = ["1": Data(repeating: 1, count: 32).base64EncodedString()] }, "suite-1 channel past epoch 0")
        try refused(channel(1) { $0["suite"] = 3 }, "unknown suite 3")
        try refused(channel(0) { $0["epoch"] = -1 }, "epoch")
        try refused(channel(0) { $0["owner"] = "U1EBAQ==" }, "its owner is not a public-key code")
        try refused(channel(1) { $0["subscribers"] = (json["channels"] as! [[String: Any]])[0]["subscribers"] }, "subscribers of a channel it does not own")
        try refused({ $0["channels"] = [($0["channels"] as! [[String: Any]])[0], ($0["channels"] as! [[String: Any]])[0]] }, "appears twice")
        try refused({ $0["channels"] = Array(repeating: ($0["channels"] as! [[String: Any]])[1], count: IdentityBackup.maximumChannels + 1) }, "more than 10000 channels")
        json["comment"] = "a later writer's key"
        #expect(throws: Never.self) { try IdentityBackup(parsing: [UInt8](try JSONSerialization.data(withJSONObject: json))) }
    }
}
