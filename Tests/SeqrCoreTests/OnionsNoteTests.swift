import Foundation
import SeqrCore
import SeqrTestSupport
import Testing

/// Onions notes against an independent implementation written from docs/formats/onions.md alone
/// (Tests/Reference/onions_reference.py, Python `cryptography`).
@Suite("Onions notes")
struct OnionsNoteTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Reference/onions_reference.py").path

    static func python(_ arguments: [String], stdin: Data, environment: [String: String] = [:]) throws -> ExternalTool.Outcome {
        try ExternalTool.named("python3").run([script] + arguments, stdin: stdin,
                                              environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
    }

    static let passwords = ["onions-secret", "pässword", "🔑key", "日本語のパスワード"]
    static let texts = ["", "Wi-Fi: garden / CANARY-horse", String(repeating: "long line of text with ünïcödé ✓ ", count: 70), "two\nlines\r\n"]

    @Test("Python seals, Seqr opens; Seqr seals, Python opens — ASCII and non-ASCII passwords", arguments: passwords)
    func bothWays(password: String) throws {
        for text in Self.texts {
            let fromPython = try Self.python(["encrypt", password], stdin: Data(text.utf8))
            try #require(fromPython.status == 0, "\(fromPython.stderr)")
            #expect(try OnionsNoteField.open(fromPython.stdoutText, password: password) == text)

            let fromSeqr = OnionsNoteField.seal(text, password: password)
            let opened = try Self.python(["decrypt", password], stdin: Data(fromSeqr.utf8))
            #expect(opened.status == 0 && opened.stdoutText == text, "\(opened.stderr)")
        }
    }

    @Test("with the same salts and IV, Seqr writes exactly the reference's bytes (base64 in 64-character CR LF lines)")
    func byteExact() throws {
        let random = (0..<32).map { UInt8($0 * 7 + 1) }
        let text = String(repeating: "Garden gate code 4711. ", count: 8)
        let reference = try Self.python(["encrypt", "pässword"], stdin: Data(text.utf8),
                                        environment: ["ONIONS_FIXED_RANDOM": random.map { String(format: "%02x", $0) }.joined()])
        try #require(reference.status == 0, "\(reference.stderr)")
        let ours = OnionsNoteField.seal(text, password: "pässword", encryptionSalt: Array(random[0..<8]),
                                        hmacSalt: Array(random[8..<16]), iv: Array(random[16..<32]))
        #expect(ours == reference.stdoutText)
        let lines = ours.components(separatedBy: "\r\n")
        #expect(lines.count > 2 && lines.dropLast().allSatisfy { $0.count == 64 } && lines.last!.count <= 64)
        #expect(!ours.contains("\n\n") && !ours.hasSuffix("\r\n"))
    }

    @Test("RNCryptor 2.x's cut: the password's UTF-8 bytes are cut to its UTF-16 length, so \"pässworX\" opens a note of \"pässword\"")
    func passwordCut() throws {
        let stored = OnionsNoteField.seal("secret", password: "pässword")
        #expect(try OnionsNoteField.open(stored, password: "pässworX") == "secret")
        #expect(throws: NotesError.onionsAuthenticationFailed) { try OnionsNoteField.open(stored, password: "passworX") }
        let reference = try Self.python(["decrypt", "pässworX"], stdin: Data(stored.utf8))
        #expect(reference.status == 0 && reference.stdoutText == "secret")
    }

    @Test("a flipped byte, a truncated field, a v3 message and a wrong password are each refused with their own error")
    func refusals() throws {
        let stored = OnionsNoteField.seal("some note", password: "pw")
        var bytes = [UInt8](Data(base64Encoded: stored.filter { !$0.isWhitespace })!)
        #expect(throws: NotesError.onionsAuthenticationFailed) { try OnionsNoteField.open(stored, password: "other") }
        for index in [2, 20, 40, bytes.count - 1] {
            var flipped = bytes
            flipped[index] ^= 1
            #expect(throws: NotesError.onionsAuthenticationFailed) { try OnionsNoteField.open(Data(flipped).base64EncodedString(), password: "pw") }
        }
        #expect(throws: NotesError.truncatedOnionsField(length: 40)) { try OnionsNoteField.open(Data(bytes.prefix(40)).base64EncodedString(), password: "pw") }
        bytes[0] = 3
        #expect(throws: NotesError.notOnionsField(version: 3)) { try OnionsNoteField.open(Data(bytes).base64EncodedString(), password: "pw") }
        #expect(NotesError.notOnionsField(version: 3).description.contains("--format rncryptor"))
        // And the other way round: the RNCryptor v3 reader names an Onions field for what it is.
        let onions = [UInt8](Data(base64Encoded: stored.filter { !$0.isWhitespace })!)
        #expect(throws: NotesError.unsupportedRNCryptorVersion(2)) { try RNCryptorV3.decrypt(onions, password: "pw") }
        #expect(NotesError.unsupportedRNCryptorVersion(2).description.contains("--format onions"))
        #expect(try Self.python(["decrypt", "pw"], stdin: Data(Data(bytes).base64EncodedString().utf8)).status == 3)
    }

    @Test("a Parse export made by the reference opens note by note; a wrong password is reported per object")
    func parseExport() throws {
        struct Plain: Codable { var objectId: String; var title: String; var info: String; var createdAt: String }
        let notes = [Plain(objectId: "aB3dE5", title: "Bank", info: "PIN 1234", createdAt: "2014-03-01T12:34:56.789Z"),
                     Plain(objectId: "Zz9Yy8", title: "Wi-Fi", info: "garden / horse ✓", createdAt: "2015-11-02T08:00:00.000Z")]
        let made = try Self.python(["make-export", "pässword"], stdin: try JSONEncoder().encode(notes))
        try #require(made.status == 0, "\(made.stderr)")
        let export = try OnionsExport(parsing: made.stdout)
        #expect(export.objects.map(\.objectID) == ["aB3dE5", "Zz9Yy8"])
        let opened = export.open(password: "pässword")
        let decoded = try opened.map { try $0.result.get() }
        #expect(decoded.map(\.title) == ["Bank", "Wi-Fi"] && decoded.map(\.info) == ["PIN 1234", "garden / horse ✓"])
        #expect(decoded[0].created == Date(timeIntervalSince1970: 1_393_677_296.789))
        #expect(export.open(password: "wrong").allSatisfy { $0.result == .failure(.onionsAuthenticationFailed) })
        #expect(throws: NotesError.self) { try OnionsExport(parsing: Data("{\"notes\": []}".utf8)) }
    }
}

extension OnionsNoteTests {
    @Test("the fixed vector in docs/formats/onions.md")
    func documentedVector() throws {
        let stored = OnionsNoteField.seal("hello", password: "secret", encryptionSalt: Array(0..<8), hmacSalt: Array(8..<16), iv: Array(16..<32))
        #expect(stored == "AgEAAQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eH2Jp4OLVwngu/AFu8PKD\r\nIE5LVCiJqHZmiN/21eflKChIvwdDZl7QPC/7wBHQdw8T9A==")
    }
}

extension OnionsNoteTests {
    @Test("a field that is not base64, and an export naming a hostile object id, get their own plain errors")
    func hostileInput() throws {
        #expect(throws: NotesError.onionsFieldNotBase64) { try OnionsNoteField.open("AgE", password: "pw") }
        let export = Data(#"{"results":[{"objectId":"x\u001b[2Jy","onionTitle":"AgE="}]}"#.utf8)
        do {
            _ = try OnionsExport(parsing: export)
            Issue.record("an object without onionInfo was accepted")
        } catch {
            #expect(!error.description.contains("\u{1b}"))
        }
    }
}

extension OnionsNoteTests {
    @Test("the stretched credential and an export Seqr writes match the reference")
    func stretchAndWrittenExport() throws {
        let reference = try Self.python(["stretch", "onions-user"], stdin: Data())
        #expect(reference.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) == OnionsExport.stretchedCredential("onions-user"))
        let notes = [OnionsExport.Note(objectID: "n1", title: "Bank", info: "PIN ✓", created: Date(timeIntervalSince1970: 1_400_000_000.5))]
        let written = OnionsExport.serialized(notes, password: "pässword", username: "onions-user")
        let read = try Self.python(["export", "pässword"], stdin: written)
        try #require(read.status == 0, "\(read.stderr)")
        let decoded = try #require(try JSONSerialization.jsonObject(with: read.stdout) as? [[String: Any]])
        #expect(decoded.first?["title"] as? String == "Bank" && decoded.first?["info"] as? String == "PIN ✓")
        #expect(try OnionsExport(parsing: written).objects.first?.userID == OnionsExport.stretchedCredential("onions-user"))
    }
}
