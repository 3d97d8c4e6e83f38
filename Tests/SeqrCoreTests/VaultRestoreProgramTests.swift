import Foundation
@testable import SeqrCore
import SeqrTestSupport
import Testing

/// The Python restore program printed on every backup (VaultRestoreProgram), on the inputs its
/// header promises besides zbarimg's: hex and base64 lines, codes numbered from 1, a newline after
/// each code; and on forged input it fails in one line instead of a traceback or a hang.
@Suite("Printed restore program")
struct VaultRestoreProgramTests {
    let directory: TemporaryDirectory
    let program: String

    init() throws {
        directory = try TemporaryDirectory()
        program = try directory.write(Data(VaultRestoreProgram.source.utf8), to: VaultRestoreProgram.fileName)
    }

    func restore(_ input: Data, password: String = "pw", shares: [[UInt8]] = [], into name: String) throws -> ExternalTool.Outcome {
        let codes = try directory.write(input, to: "\(name).in")
        let shareArguments = try shares.enumerated().flatMap { index, share in
            ["--share", try directory.write(Data(share), to: "\(name).share\(index)")]
        }
        var environment = ProcessInfo.processInfo.environment
        environment["SEQR_PASSWORD"] = password
        return try ExternalTool.named("python3").run([program, codes, "-o", directory.file(name)] + shareArguments, environment: environment)
    }

    static func backup() throws -> (VaultDocument, PaperVault.Backup) {
        let document = VaultDocument(title: "p", contents: PaperVaultFormatTests.randomBytes(4_000, seed: 41))
        return (document, try PaperVault.backup(document, password: "pw", options: PaperVaultFormatTests.fastOptions(compression: false, version: 12)))
    }

    @Test("hex lines, base64 lines, raw codes with a newline after each, and codes numbered from 1")
    func inputForms() throws {
        let (document, backup) = try Self.backup()
        try #require(backup.codes.count >= 3)
        let codes = backup.payloads.reversed()
        let forms: [(String, Data)] = [
            ("hex", Data(codes.map { $0.map { String(format: "%02x", $0) }.joined() }.joined(separator: "\n").utf8)),
            ("base64", Data(codes.map { Data($0).base64EncodedString() }.joined(separator: "\n").utf8)),
            ("newlines", Data(codes.flatMap { $0 + [0x0A] })),
            ("one-based", Data(backup.codes.flatMap { code -> [UInt8] in
                var header = code.header
                header.codeNumber += 1
                return VaultCode(header: header, payload: code.payload).serialized()
            })),
        ]
        for (name, input) in forms {
            let outcome = try restore(input, into: name)
            #expect(outcome.status == 0, "\(name): \(outcome.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: directory.file(name))) == Data(document.content), "\(name)")
            let mode = try FileManager.default.attributesOfItem(atPath: directory.file(name))[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(name): the restored document is the owner's only")
        }
        let again = try restore(forms[0].1, into: "hex")
        #expect(again.status == 1 && again.stderr.hasPrefix("seqr-restore: ") && again.stderr.contains("File exists"))
    }

    @Test("forged and damaged input: one line, exit 1, nothing written")
    func forged() throws {
        let (_, backup) = try Self.backup()
        var message = try VaultAssembler.collect(backup.payloads).messageBuffer()
        message.replaceSubrange(1..<5, with: [0xFF, 0xFF, 0xFF, 0xFF])   // 4 billion PBKDF2 rounds
        let forgedRounds = PaperVaultErrorTests.wrap(message).flatMap { $0 }
        let cases: [(String, Data, String)] = [
            ("rounds", Data(forgedRounds), "seqr-restore: implausible key derivation (4294967295 rounds): damaged or forged\n"),
            ("odd-hex", Data("abc\n".utf8), "seqr-restore: the codes are damaged or not a Seqr backup"),
            ("nothing", Data("hello world, not a code".utf8), "seqr-restore: no vault codes found\n"),
            ("missing", Data(backup.payloads.dropFirst().flatMap { $0 }), "seqr-restore: missing codes 1 (of"),
        ]
        for (name, input, expected) in cases {
            let outcome = try restore(input, into: name)
            #expect(outcome.status == 1 && outcome.stderr.hasPrefix(expected), "\(name): \(outcome.stderr)")
            #expect(!outcome.stderr.contains("Traceback"), "\(name)")
            #expect(!FileManager.default.fileExists(atPath: directory.file(name)))
        }
        let wrong = try restore(Data(backup.payloads.flatMap { $0 }), password: "not it", into: "wrong")
        #expect(wrong.status == 1 && wrong.stderr == "seqr-restore: decryption failed: wrong password or key sheets, or altered codes\n")
    }

    @Test("forged key sheets are refused before any PBKDF2: a 1-of-1, another exponent, a number past n, a longer share")
    func forgedSheets() throws {
        let document = VaultDocument(title: "k", text: "sheets")
        let backup = try PaperVault.backup(document, keying: .keySheets(threshold: 2, count: 3, password: nil),
                                           options: PaperVaultFormatTests.fastOptions(compression: false, version: 10))
        let codes = Data(backup.payloads.flatMap { $0 })
        let genuine = backup.keyShares, id = genuine[0].identifier
        let good = try restore(codes, shares: [genuine[2].serialized(), genuine[0].serialized() + [0x0A]], into: "good")
        #expect(good.status == 0, "\(good.stderr)")
        // A forger makes a consistent set at any exponent without the Feistel rounds; exponent 15 would
        // cost 4 × 81,920,000 PBKDF2 iterations, a 1,999-word share 40 times more.
        let values = ShamirSharing.split(SecureRandom.bytes(32), threshold: 2, count: 3)
        func sheet(_ index: Int, exponent: Int = 5, threshold: Int = 2, value: [UInt8]? = nil) -> [UInt8] {
            KeyShare(identifier: id, extendable: true, iterationExponent: exponent, memberIndex: index,
                     memberThreshold: threshold, value: value ?? (index < values.count ? values[index] : SecureRandom.bytes(32))).serialized()
        }
        let cases: [(String, [[UInt8]], String)] = [
            ("one-of-one", [sheet(0, threshold: 1, value: SecureRandom.bytes(32))], "does not match this backup"),
            ("exponent", [sheet(0, exponent: 6), sheet(1, exponent: 6)], "does not match this backup"),
            ("number", [genuine[0].serialized(), sheet(3)], "does not match this backup"),
            ("longer", [genuine[0].serialized(), sheet(1, value: SecureRandom.bytes(34))], "a key sheet code of 47 bytes"),
        ]
        for (name, shares, expected) in cases {
            let outcome = try restore(codes, shares: shares, into: name)
            #expect(outcome.status == 1 && outcome.stderr.hasPrefix("seqr-restore: ") && outcome.stderr.contains(expected),
                    "\(name): \(outcome.stderr)")
            #expect(!FileManager.default.fileExists(atPath: directory.file(name)))
        }
    }

    @Test("a brotli bomb stops at 64 MiB, as in seqr: one line, nothing written")
    func brotliBomb() throws {
        // 64 MiB and 1 KiB of zeros, a document body of a few kilobytes.
        let bomb = try Brotli.compress([UInt8](repeating: 0, count: VaultBody.maximumDocumentSize + 1024), quality: 5)
        let message = VaultMessage.seal(VaultPadding.pad([1] + bomb, count: 0), password: "pw", rounds: 1_000).serialized()
        let outcome = try restore(Data(PaperVaultErrorTests.wrap(message).flatMap { $0 }), into: "bomb")
        #expect(outcome.status == 1 && outcome.stderr == "seqr-restore: the document is over 64 MiB: damaged or forged\n",
                "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("bomb")))
    }
}
