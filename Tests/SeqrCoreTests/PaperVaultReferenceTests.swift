import Foundation
@testable import SeqrCore
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

    static func pythonBackup(firstNumber: Int, content: [UInt8]) throws -> [[UInt8]] {
        let arguments = ["write", "--password", "pw", "--title", "numbered", "--rounds", "1000", "--payload-size", "300", "--bytes",
                         "--first-number", String(firstNumber)]
        return try JSONDecoder().decode([String].self, from: python(arguments, stdin: Data(content))).map { [UInt8](Data(base64Encoded: $0)!) }
    }

    @Test("codes numbered from 1 (1…total) restore as well as codes numbered from 0; the parity of either rebuilds a lost code",
          arguments: [0, 1])
    func numbering(firstNumber: Int) throws {
        let content = PaperVaultFormatTests.randomBytes(2_000, seed: 9)
        let payloads = try Self.pythonBackup(firstNumber: firstNumber, content: content)
        #expect(payloads.count > 3)
        let numbers = try payloads.map { Int(try VaultCode(parsing: $0).header.codeNumber) }.sorted()
        #expect(numbers == Array(firstNumber..<(firstNumber + payloads.count)))
        #expect(try PaperVault.restore(scanned: payloads.shuffled(), password: "pw").content == content)

        // Parity codes index data codes from 0 whatever the numbering: with them, the set's last
        // code (number total − 1 or total) is rebuilt.
        let codes = try payloads.map { try VaultCode(parsing: $0) }.sorted { $0.header.codeNumber < $1.header.codeNumber }
        let plan = VaultParityPlan(dataCodes: codes.count, codesPerPage: 6, survivePages: 0, redundancy: 0.2)
        let parity = try PaperVault.parityCodes(for: codes, plan: plan, shardSize: 300, messageLength: codes.reduce(0) { $0 + $1.payload.count })
        var assembler = VaultAssembler()
        for code in codes.dropLast() { assembler.add(code.serialized()) }
        if firstNumber == 0 { #expect(assembler.missingCodes == [codes.count]) }
        #expect(!assembler.isComplete)
        for code in parity { assembler.add(code.serialized()) }
        #expect(assembler.isComplete)
        #expect(try PaperVault.restore(message: assembler.messageBuffer(), password: "pw").content == content)
    }

    @Test("a set mixing both numberings, or a number past the total, is refused with its own error")
    func mixedNumbering() throws {
        let content = PaperVaultFormatTests.randomBytes(2_000, seed: 10)
        let zeroBased = try Self.pythonBackup(firstNumber: 0, content: content)
        // The same backup's codes renumbered from 1 share its digest: take code 0 from one numbering, the last from the other.
        let oneBased = zeroBased.map { payload -> [UInt8] in
            var code = try! VaultCode(parsing: payload)
            code.header.codeNumber += 1
            return code.serialized()
        }
        var assembler = VaultAssembler()
        for payload in zeroBased.dropLast() + [oneBased.last!] { assembler.add(payload) }
        #expect(throws: PaperVaultError.mixedNumbering) { try assembler.messageBuffer() }

        var past = try VaultCode(parsing: zeroBased[0])
        past.header.codeNumber = past.header.totalCodes + 1
        #expect(throws: PaperVaultError.invalidHeader(codeNumber: Int(past.header.totalCodes) + 1, totalCodes: Int(past.header.totalCodes))) {
            try VaultCode(parsing: past.serialized())
        }
    }

    @Test("while the numbering is open, a set that only looks complete when read the other way is not complete")
    func openNumberingNeedsTheDigest() throws {
        let content = PaperVaultFormatTests.randomBytes(40_000, seed: 11)
        let codes = try Self.pythonBackup(firstNumber: 0, content: content).map { try VaultCode(parsing: $0) }
            .sorted { $0.header.codeNumber < $1.header.codeNumber }
        // At 50% a group holds at most 127 data codes: two groups.
        let plan = VaultParityPlan(dataCodes: codes.count, codesPerPage: 6, survivePages: 0, redundancy: 0.5)
        try #require(plan.groups.count >= 2)
        let parity = try PaperVault.parityCodes(for: codes, plan: plan, shardSize: 300, messageLength: codes.reduce(0) { $0 + $1.payload.count })
        var assembler = VaultAssembler()
        // Codes 1…n−1 and the second group's parity: read as numbered from 1 they lack only their
        // last code, which that parity would rebuild; read as numbered from 0 they lack code 0,
        // whose group's parity is not there. Only the digest can say which, so: not complete.
        for code in codes.dropFirst() { assembler.add(code.serialized()) }
        for code in parity where code.firstDataCode > 0 { assembler.add(code.serialized()) }
        #expect(!assembler.isComplete)
        // Code 1's group has no parity here: exactly that one code is needed.
        let error = #expect(throws: PaperVaultError.self) { try assembler.messageBuffer() }
        guard case .tooFewCodes(let shortfall)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(shortfall.needed == 1 && shortfall.missingCodes == [1] && shortfall.totalParityCodes == nil)
        assembler.add(codes[0].serialized())
        #expect(assembler.isComplete)
        #expect(try PaperVault.restore(message: assembler.messageBuffer(), password: "pw").content == content)
    }
}
