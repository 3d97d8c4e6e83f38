import Crypto
import Foundation
import SeqrCore
import Testing

/// Each way a restore can fail gives its own error; tampering anywhere is caught.
@Suite("PaperVault errors")
struct PaperVaultErrorTests {
    let document = VaultDocument(title: "errors", contents: PaperVaultFormatTests.randomBytes(5_000, seed: 11))
    let backup: PaperVault.Backup

    init() throws {
        // Plain PaperVault codes: parity and what it changes are ParityTests' and VaultParityPlanTests'.
        var options = PaperVaultFormatTests.fastOptions(version: 20)
        options.survivePages = 0
        backup = try PaperVault.backup(document, password: "right", options: options)
    }

    /// Re-seals a code after changing it, as an attacker who knows the format would.
    static func resealed(_ payload: [UInt8], change: (inout [UInt8]) -> Void) -> [UInt8] {
        var body = Array(payload.dropLast(2))
        change(&body)
        return body + Array(SHA256.hash(data: body).prefix(2))
    }

    /// A message buffer made into a one-code backup, so that message-layer damage reaches the message parser.
    static func wrap(_ message: [UInt8]) -> [[UInt8]] {
        let header = VaultTransportHeader(documentDigest: Array(SHA256.hash(data: message)), rows: 1, columns: 1, totalCodes: 1, codeNumber: 0)
        return [VaultCode(header: header, payload: message).serialized()]
    }

    func restoreError(_ payloads: [[UInt8]], password: String = "right") -> PaperVaultError? {
        do {
            _ = try PaperVault.restore(scanned: payloads, password: password)
            return nil
        } catch {
            return error
        }
    }

    @Test("backup has several codes (the tests below need them)")
    func several() { #expect(backup.codes.count >= 4) }

    @Test("a wrong password: authentication fails, and the message says either cause is possible")
    func wrongPassword() {
        let error = restoreError(backup.payloads, password: "wrong")
        #expect(error == .authenticationFailed)
        #expect(error?.description.contains("password is wrong, or the backup was tampered with") == true)
    }

    @Test("missing codes are named, counted from 1")
    func missing() {
        var payloads = backup.payloads
        payloads.remove(at: 2)
        payloads.remove(at: 0)
        let total = backup.codes.count
        #expect(restoreError(payloads) == .missingCodes([1, 3], total: total))
        #expect(PaperVaultError.missingCodes([1, 3], total: total).description == "\(total - 2) of \(total) codes found; missing codes 1, 3")
        #expect(PaperVaultError.ranges([1, 3, 4, 5, 9, 10]) == "1, 3–5, 9–10")
        #expect(PaperVaultError.ranges([]) == "")
    }

    @Test("codes of two backups mixed")
    func mixed() throws {
        let other = try PaperVault.backup(document, password: "right", options: PaperVaultFormatTests.fastOptions(version: 20))
        #expect(restoreError(backup.payloads + [other.payloads[0]]) == .mixedDocuments(count: 2))
    }

    @Test("no vault code at all, and only foreign codes")
    func noCodes() {
        #expect(restoreError([]) == .noCodes)
        #expect(restoreError([Array("WIFI:S:home;;".utf8), [0x00]]) == .noCodes)
    }

    static func passesChecksum(_ payload: [UInt8]) -> Bool {
        Array(SHA256.hash(data: payload.dropLast(2)).prefix(2)) == Array(payload.suffix(2))
    }

    @Test("a flipped byte anywhere in a code: its checksum fails, it is ignored, and it is reported missing")
    func flippedByteEverywhere() {
        let original = backup.payloads[1]
        for offset in original.indices {
            var damaged = original
            damaged[offset] ^= 0x01
            var payloads = backup.payloads
            payloads[1] = damaged
            // The format's checksum has 16 bits: about one damaged code in 65,536 passes it by
            // chance (a few bit flips here do, in about one run in a hundred, since the salt
            // is random). Such a code must still be refused, by the layers the next test checks.
            if Self.passesChecksum(damaged) {
                #expect(restoreError(payloads) != nil, "offset \(offset) passes the checksum by chance and must be caught later")
                continue
            }
            var assembler = VaultAssembler()
            #expect(assembler.add(damaged) == .ignored(.notAVaultCode), "offset \(offset)")
            if offset == 100 {
                #expect(restoreError(payloads) == .missingCodes([2], total: backup.codes.count))
            }
        }
    }

    @Test("damage that passes the 16-bit checksum by chance is caught by the document digest")
    func checksumCollision() throws {
        // Search changes to three payload bytes until the checksum still matches: one in 65,536
        // does, so among 2^24 candidates a hit is certain in practice.
        let original = backup.payloads[1]
        var found: [UInt8]?
        search: for candidate in 1..<(1 << 24) {
            var damaged = original
            damaged[100] ^= UInt8(candidate & 0xFF)
            damaged[101] ^= UInt8((candidate >> 8) & 0xFF)
            damaged[102] ^= UInt8(candidate >> 16)
            if Self.passesChecksum(damaged) { found = damaged; break search }
        }
        let damaged = try #require(found)
        var assembler = VaultAssembler()
        #expect(assembler.add(damaged) == .added(codeNumber: 1))
        var payloads = backup.payloads
        payloads[1] = damaged
        #expect(restoreError(payloads) == .digestMismatch)
    }

    @Test("a flipped byte in each region, checksum recomputed: each region has its own detection")
    func resealedRegions() {
        var payloads = backup.payloads
        // Digest: the code now belongs to "another backup".
        payloads[1] = Self.resealed(backup.payloads[1]) { $0[5] ^= 1 }
        #expect(restoreError(payloads) == .mixedDocuments(count: 2))
        // Rows and columns only guide the UI; the document still restores intact.
        payloads = backup.payloads
        payloads[1] = Self.resealed(backup.payloads[1]) { $0[32] ^= 1; $0[33] ^= 1 }
        #expect(restoreError(payloads) == nil)
        // Total: this code disagrees with the others on the count.
        payloads = backup.payloads
        payloads[1] = Self.resealed(backup.payloads[1]) { $0[35] ^= 1 }
        #expect(restoreError(payloads) == .inconsistentTotals)
        // Code number: two codes now claim the same number with different contents.
        payloads = backup.payloads
        payloads[1] = Self.resealed(backup.payloads[1]) { $0[37] = 2 }
        #expect(restoreError(payloads) == .conflictingCodes(codeNumber: 2))
        // Payload: the digest no longer matches.
        payloads = backup.payloads
        payloads[1] = Self.resealed(backup.payloads[1]) { $0[100] ^= 1 }
        #expect(restoreError(payloads) == .digestMismatch)
    }

    @Test("a code number past the total")
    func invalidHeader() {
        let bad = Self.resealed(backup.payloads[0]) { $0[36] = 0xFF; $0[37] = 0xFF }
        var assembler = VaultAssembler()
        #expect(assembler.add(bad) == .ignored(.invalidHeader(codeNumber: 0xFFFF, totalCodes: backup.codes.count)))
    }

    @Test("truncated codes and truncated messages")
    func truncated() throws {
        var assembler = VaultAssembler()
        #expect(assembler.add(Array(backup.payloads[0].prefix(39))) == .ignored(.truncatedCode(length: 39)))
        let message = try VaultAssembler.collect(backup.payloads).messageBuffer()
        for cut in [0, 1, 4, 6, 20, 7 + 32 + 12] {
            #expect(throws: PaperVaultError.truncatedMessage) { try PaperVault.restore(message: Array(message.prefix(cut)), password: "right") }
        }
        // Cut inside the ciphertext: the tag no longer matches.
        #expect(throws: PaperVaultError.authenticationFailed) { try PaperVault.restore(message: Array(message.dropLast(1)), password: "right") }
    }

    @Test("a flipped byte in the ciphertext, digest and checksum recomputed: authentication fails")
    func tamperedCiphertext() throws {
        var message = try VaultAssembler.collect(backup.payloads).messageBuffer()
        message[message.count - 40] ^= 0x80
        #expect(restoreError(Self.wrap(message)) == .authenticationFailed)
    }

    @Test("unknown clear-text flags: written by a newer version")
    func clearTextFlags() throws {
        var message = try VaultAssembler.collect(backup.payloads).messageBuffer()
        message[0] = 2
        let error = restoreError(Self.wrap(message))
        #expect(error == .unsupportedClearTextFlags(2))
        #expect(error?.description.contains("newer version") == true)
    }

    @Test("absurd key-derivation parameters are refused before any work")
    func keyDerivation() throws {
        let message = try VaultMessage(parsing: VaultAssembler.collect(backup.payloads).messageBuffer())
        var zero = message
        zero.rounds = 0
        #expect(throws: PaperVaultError.invalidKeyDerivation(rounds: 0, saltLength: 32)) { try zero.open(password: "right") }
        var huge = message
        huge.rounds = UInt32.max
        #expect(throws: PaperVaultError.invalidKeyDerivation(rounds: UInt32.max, saltLength: 32)) { try huge.open(password: "right") }
    }

    /// Builds a well-encrypted message around a hand-made padded plaintext.
    static func sealedMessage(_ padded: [UInt8]) throws -> [UInt8] {
        VaultMessage.seal(padded, password: "right", rounds: 1_000).serialized()
    }

    @Test("inner layers: padding, control flags, brotli, content type, title and text encodings")
    func innerLayers() throws {
        func error(_ padded: [UInt8]) throws -> PaperVaultError? {
            let message = try Self.sealedMessage(padded)
            do {
                _ = try PaperVault.restore(message: message, password: "right")
                return nil
            } catch { return error }
        }
        let goodDocument = VaultDocument(title: "t", text: "x").serialized()
        #expect(try error([0] + goodDocument + [0]) == nil)
        #expect(try error([0, 1, 2, 200]) == .invalidPadding)
        #expect(try error([2] + goodDocument + [0]) == .unsupportedControlFlags(2))
        #expect(try error([1, 0xDE, 0xAD, 0xBE, 0xEF, 0]) == .decompressionFailed)
        let compressed = try Brotli.compress(goodDocument)
        #expect(try error([1] + compressed.dropLast(2) + [0]) == .decompressionFailed)
        #expect(try error([0, 0, 1, 0x74, 0x00, 0x07, 0x78, 0]) == .unsupportedContentType(7))
        #expect(try error([0, 0, 2, 0xC3, 0x28, 0, 0, 0x78, 0]) == .titleNotUTF8)
        #expect(try error([0, 0, 0, 0, 0, 0xFF, 0xFE, 0]) == .textNotUTF8)
        #expect(try error([0, 0, 9, 0x41, 0]) == .truncatedDocument)
        #expect(try error([0]) == .truncatedDocument)
    }

    @Test("a brotli bomb stops at the size limit")
    func bomb() throws {
        let huge = try Brotli.compress([UInt8](repeating: 0, count: VaultBody.maximumDocumentSize + 1024))
        #expect(huge.count < 100_000)
        #expect(throws: PaperVaultError.documentTooLarge(limit: VaultBody.maximumDocumentSize)) { try VaultBody.decode([1] + huge) }
    }
}
