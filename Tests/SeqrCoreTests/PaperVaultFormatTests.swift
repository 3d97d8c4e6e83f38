import Crypto
import Foundation
import SeqrCore
import Testing

/// The PaperVault layers byte by byte, and whole backups restored from their payloads.
@Suite("PaperVault format")
struct PaperVaultFormatTests {
    /// Few rounds keep the suite fast; one test uses the real default.
    static func fastOptions(compression: Bool = true, version: Int? = nil) -> PaperVault.Options {
        var options = PaperVault.Options()
        options.rounds = 1_000
        options.allowCompression = compression
        options.version = version
        return options
    }

    static func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    @Test("a title over 65,535 UTF-8 bytes is cut before the character that would cross it, so the restore reads it")
    func longTitleCutAtCharacter() throws {
        let title = String(repeating: "a", count: 65_534) + "é" + "tail"
        let document = VaultDocument(title: title, text: "body")
        let bytes = document.serialized()
        #expect(bytes.count == document.serializedLength)
        #expect(Int(bytes[0]) << 8 | Int(bytes[1]) == 65_534)
        let parsed = try VaultDocument(parsing: bytes)
        #expect(parsed.title == String(repeating: "a", count: 65_534) && parsed.text == "body")
    }

    @Test("header: 38 bytes, big-endian counts, digest first")
    func headerLayout() {
        let header = VaultTransportHeader(documentDigest: Array(0..<32), rows: 3, columns: 2, totalCodes: 0x0102, codeNumber: 0x0A0B)
        let bytes = header.serialized()
        #expect(bytes.count == 38)
        #expect(Array(bytes[0..<32]) == Array(0..<32))
        #expect(Array(bytes[32..<38]) == [3, 2, 0x01, 0x02, 0x0A, 0x0B])
    }

    @Test("code: header, payload, then the first two bytes of SHA-256 of what precedes")
    func codeLayout() throws {
        let code = VaultCode(header: VaultTransportHeader(documentDigest: [UInt8](repeating: 7, count: 32), rows: 1, columns: 1, totalCodes: 1, codeNumber: 0), payload: [1, 2, 3])
        let bytes = code.serialized()
        #expect(bytes.count == 38 + 3 + 2)
        #expect(Array(bytes.suffix(2)) == Array(SHA256.hash(data: bytes.dropLast(2)).prefix(2)))
        #expect(try VaultCode(parsing: bytes) == code)
    }

    @Test("message: flags, rounds, salt length, salt, then nonce ‖ ciphertext ‖ tag")
    func messageLayout() throws {
        let message = VaultMessage.seal([1, 2, 3], password: "pw", rounds: 1_000)
        let bytes = message.serialized()
        #expect(bytes[0] == 0)
        #expect(Array(bytes[1..<5]) == [0, 0, 0x03, 0xE8])
        #expect(Array(bytes[5..<7]) == [0, 32])
        #expect(bytes.count == 7 + 32 + 12 + 3 + 16)
        #expect(try VaultMessage(parsing: bytes).open(password: "pw") == [1, 2, 3])
    }

    @Test("the key is PBKDF2-HMAC-SHA256 (RFC 7914 §11 vector, first 32 bytes)")
    func keyDerivationVector() throws {
        // P = "passwd", S = "salt", c = 1.
        let expected: [UInt8] = [
            0x55, 0xac, 0x04, 0x6e, 0x56, 0xe3, 0x08, 0x9f, 0xec, 0x16, 0x91, 0xc2, 0x25, 0x44, 0xb6, 0x05,
            0xf9, 0x41, 0x85, 0x21, 0x6d, 0xde, 0x04, 0x65, 0xe6, 0x8b, 0x9d, 0x57, 0xc2, 0x0d, 0xac, 0xbc,
        ]
        // Seal with a known key, open through the vault's own derivation.
        let key = SymmetricKey(data: expected)
        let box = try ChaChaPoly.seal(Array("vector".utf8), using: key)
        let message = VaultMessage(rounds: 1, salt: Array("salt".utf8), sealed: Array(box.combined))
        #expect(try message.open(password: "passwd") == Array("vector".utf8))
    }

    @Test("fresh salt and nonce every time: the same document never encrypts the same way")
    func freshRandomness() throws {
        let a = VaultMessage.seal([9, 9, 9], password: "pw", rounds: 1_000)
        let b = VaultMessage.seal([9, 9, 9], password: "pw", rounds: 1_000)
        #expect(a.salt != b.salt)
        #expect(a.sealed.prefix(12) != b.sealed.prefix(12))
    }

    @Test("padding: random bytes then their count; the count is random when not fixed")
    func padding() throws {
        let padded = VaultPadding.pad([1, 2, 3], count: 10)
        #expect(padded.count == 3 + 10 + 1 && padded.last == 10)
        #expect(try VaultPadding.unpad(padded) == [1, 2, 3])
        #expect(try VaultPadding.unpad([0]) == [])
        let lengths = Set((0..<40).map { _ in VaultPadding.pad([1]).count })
        #expect(lengths.count > 10)
        #expect(throws: PaperVaultError.invalidPadding) { try VaultPadding.unpad([1, 2, 9]) }
        #expect(throws: PaperVaultError.invalidPadding) { try VaultPadding.unpad([]) }
    }

    @Test("document: title length, UTF-8 title, content type, content")
    func documentLayout() throws {
        let document = VaultDocument(title: "Ωk", text: "hi")
        #expect(document.serialized() == [0, 3, 0xCE, 0xA9, 0x6B, 0, 0, 0x68, 0x69])
        #expect(try VaultDocument(parsing: document.serialized()) == document)
        let binary = VaultDocument(title: "", contents: [0xFF, 0x00])
        #expect(binary.contentType == .bytes)
        #expect(binary.serialized() == [0, 0, 0x53, 0x51, 0xFF, 0x00])
    }

    @Test("body: brotli only when it makes the data smaller")
    func compressionChoice() throws {
        let repetitive = VaultDocument(title: "t", text: String(repeating: "abc", count: 1000))
        let random = VaultDocument(title: "t", contents: Self.randomBytes(1000, seed: 1))
        #expect(try VaultBody.encode(repetitive).first == 1)
        #expect(try VaultBody.encode(random).first == 0)
        #expect(try VaultBody.encode(repetitive, allowCompression: false).first == 0)
        #expect(try VaultBody.decode(VaultBody.encode(repetitive)) == repetitive)
    }

    @Test("round trips: empty, one byte, emoji title, 100 KB binary; compressed and not; shuffled", arguments: [true, false])
    func roundTrips(compression: Bool) throws {
        let documents = [
            VaultDocument(title: "", text: ""),
            VaultDocument(title: "one", contents: [0x42]),
            VaultDocument(title: "🔐 Secrets — ünïcødé 🗝️", text: "The safe's code is 12-34-56 ✓\n"),
            VaultDocument(title: "key.bin", contents: Self.randomBytes(100 * 1024, seed: 7)),
        ]
        for document in documents {
            let backup = try PaperVault.backup(document, password: "correct horse", options: Self.fastOptions(compression: compression))
            var payloads = backup.payloads
            payloads.shuffle()
            payloads.append(payloads[0])                       // a duplicate scan
            payloads.insert(Array("https://example.org".utf8), at: 0)  // a stray QR code
            #expect(try PaperVault.restore(scanned: payloads, password: "correct horse") == document)
        }
    }

    @Test("version 30 when one page holds the backup, 37 otherwise, or as asked")
    func versionChoice() throws {
        let small = try PaperVault.backup(VaultDocument(title: "s", text: "short"), password: "p", options: Self.fastOptions())
        #expect(small.version == 30 && small.codes.count == 1)
        var plain = Self.fastOptions()
        plain.survivePages = 0  // without parity codes, data codes carry the version's whole capacity
        let large = try PaperVault.backup(VaultDocument(title: "l", contents: Self.randomBytes(20_000, seed: 3)), password: "p", options: plain)
        #expect(large.version == 37)
        #expect(large.codes.count == (large.codes.map(\.payload.count).reduce(0, +) + 1948) / 1949)
        #expect(large.codes.dropLast().allSatisfy { $0.payload.count == PaperVault.payloadCapacity(version: 37, errorCorrection: .M) })
        let forced = try PaperVault.backup(VaultDocument(title: "f", text: "x"), password: "p", options: Self.fastOptions(version: 12))
        #expect(forced.version == 12)
        #expect(forced.codes.allSatisfy { $0.serialized().count <= QRCapacity.capacity(version: 12, level: .M) })
    }

    @Test("the default key derivation uses 600,000 rounds")
    func defaultRounds() throws {
        let backup = try PaperVault.backup(VaultDocument(title: "t", text: "x"), password: "p")
        let message = try VaultAssembler.collect(backup.payloads).messageBuffer()
        #expect(try VaultMessage(parsing: message).rounds == 600_000)
    }
}

extension VaultAssembler {
    static func collect(_ payloads: [[UInt8]]) -> VaultAssembler {
        var assembler = VaultAssembler()
        payloads.forEach { assembler.add($0) }
        return assembler
    }
}
