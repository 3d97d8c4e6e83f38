import Foundation
import SeqrCore
import SeqrTestSupport
import Testing

/// Seqr against an independent implementation of the PaperVault format written from the
/// spec alone (Tests/Reference/papervault_reference.py: Python `cryptography` + `brotli`).
@Suite("PaperVault against an independent implementation")
struct PaperVaultReferenceTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Reference/papervault_reference.py").path

    static func python(_ arguments: [String], stdin: Data) throws -> Data {
        let result = try ExternalTool.named("python3").run([script] + arguments, stdin: stdin)
        try #require(result.status == 0, "papervault_reference.py: \(result.stderr)")
        return result.stdout
    }

    static let documents: [(title: String, content: [UInt8], bytes: Bool)] = [
        ("", [], false),
        ("Grocery 🛒", Array("milk, eggs, ünïcödé ✓\n".utf8), false),
        ("repetitive", Array(String(repeating: "compress me ", count: 400).utf8), false),
        ("key.bin", PaperVaultFormatTests.randomBytes(7_000, seed: 5), true),
    ]

    @Test("Python writes, Seqr restores")
    func pythonToSeqr() throws {
        for document in Self.documents {
            var arguments = ["write", "--password", "pässword", "--title", document.title, "--rounds", "2000",
                             "--payload-size", String(PaperVault.payloadCapacity(version: 20, errorCorrection: .M))]
            if document.bytes { arguments.append("--bytes") }
            let payloads = try JSONDecoder().decode([String].self, from: Self.python(arguments, stdin: Data(document.content)))
                .map { [UInt8](Data(base64Encoded: $0)!) }
            let restored = try PaperVault.restore(scanned: payloads.shuffled(), password: "pässword")
            #expect(restored.title == document.title)
            #expect(restored.content == document.content)
            #expect(restored.contentType == (document.bytes ? .bytes : .text))
        }
    }

    @Test("Seqr writes, Python restores")
    func seqrToPython() throws {
        for document in Self.documents {
            var options = PaperVault.Options()
            options.rounds = 2_000
            options.version = 20
            let vault = VaultDocument(title: document.title, contentType: document.bytes ? .bytes : .text, content: document.content)
            let backup = try PaperVault.backup(vault, password: "pässword", options: options)
            let json = try JSONEncoder().encode(backup.payloads.shuffled().map { Data($0).base64EncodedString() })
            struct Restored: Decodable { let title: String; let contentType: UInt16; let contentBase64: String }
            let restored = try JSONDecoder().decode(Restored.self, from: Self.python(["read", "--password", "pässword"], stdin: json))
            #expect(restored.title == document.title)
            #expect(restored.contentType == vault.contentType.rawValue)
            #expect(Data(base64Encoded: restored.contentBase64) == Data(document.content))
        }
    }
}
