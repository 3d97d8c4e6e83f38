import Foundation
@testable import SeqrCore
import Testing

/// Paper-vault backups keyed by key sheets (issue 18): any k of n sheets restore, with or without a
/// password; too few, foreign, forged and altered sheets and headers each end in their own error.
@Suite("Vault key sheets")
struct VaultKeySheetsTests {
    static let document = VaultDocument(title: "wallet", text: "seed: abandon ability able about above absent")

    static func backup(threshold: Int = 2, count: Int = 3, password: String? = nil, redundancy: Double = 0,
                       document: VaultDocument = document) throws -> PaperVault.Backup {
        var options = PaperVaultFormatTests.fastOptions(compression: false, version: 10)
        options.redundancy = redundancy
        return try PaperVault.backup(document, keying: .keySheets(threshold: threshold, count: count, password: password), options: options)
    }

    static func restore(_ backup: PaperVault.Backup, _ unlocking: PaperVault.Unlocking, payloads: [[UInt8]]? = nil) throws(PaperVaultError) -> VaultDocument {
        var assembler = VaultAssembler()
        for payload in payloads ?? backup.payloads { assembler.add(payload) }
        return try PaperVault.restore(message: assembler.messageBuffer(), unlocking: unlocking)
    }

    static func error(_ backup: PaperVault.Backup, _ unlocking: PaperVault.Unlocking, payloads: [[UInt8]]? = nil) -> PaperVaultError? {
        do { _ = try restore(backup, unlocking, payloads: payloads); return nil } catch { return error }
    }

    @Test("any 2 of 3 sheets restore; the clear header records the split and no password")
    func anyTwoOfThree() throws {
        let backup = try Self.backup()
        #expect(backup.keyShares.count == 3 && backup.keyShares.allSatisfy { $0.memberThreshold == 2 && $0.value.count == 32 })
        #expect(backup.keySheets == VaultKeySheetsHeader(identifier: backup.keyShares[0].identifier, threshold: 2, count: 3))
        #expect(!backup.needsPassword)
        for pair in [(0, 1), (0, 2), (1, 2), (2, 0)] {
            let shares = [backup.keyShares[pair.0], backup.keyShares[pair.1]]
            #expect(try Self.restore(backup, .keySheets(shares, password: nil)) == Self.document)
        }
        var assembler = VaultAssembler()
        for payload in backup.payloads { assembler.add(payload) }
        let message = try VaultMessage(parsing: assembler.messageBuffer())
        #expect(message.clearTextFlags == VaultMessage.keySheetsFlag && message.rounds == 0 && !message.needsPassword)
    }

    @Test("3 of 5 with a password: sheets and password are both needed")
    func sheetsAndPassword() throws {
        let backup = try Self.backup(threshold: 3, count: 5, password: "Grüße")
        #expect(backup.needsPassword)
        let three = [backup.keyShares[4], backup.keyShares[1], backup.keyShares[2]]
        #expect(try Self.restore(backup, .keySheets(three, password: "Grüße")) == Self.document)
        // The password is NFC-normalised: the decomposed spelling opens it too.
        #expect(try Self.restore(backup, .keySheets(three, password: "Gru\u{308}ße")) == Self.document)
        #expect(Self.error(backup, .keySheets(three, password: "Grusse")) == .keySheetsRejected)
        #expect(Self.error(backup, .keySheets(three, password: nil)) == .passwordNeeded)
        #expect(Self.error(backup, .password("Grüße")) == .keySheetsNeeded(threshold: 3, count: 5))
    }

    @Test("too few sheets say how many more are needed; none at all is refused")
    func tooFew() throws {
        let backup = try Self.backup(threshold: 3, count: 5)
        let error = Self.error(backup, .keySheets(Array(backup.keyShares.prefix(2)), password: nil))
        #expect(error == .keySheets(.notEnoughShares(have: 2, need: 3)))
        #expect(error?.description == "key sheets: 2 of 3 shares: 1 more needed")
        // The same sheet twice counts once.
        #expect(Self.error(backup, .keySheets([backup.keyShares[0], backup.keyShares[0], backup.keyShares[1]], password: nil))
                == .keySheets(.notEnoughShares(have: 2, need: 3)))
        #expect(Self.error(backup, .keySheets([], password: nil)) == .keySheets(.noShares))
    }

    @Test("sheets of another backup are named before any key is derived")
    func anotherBackup() throws {
        let backup = try Self.backup()
        var other = try Self.backup()
        while other.keyShares[0].identifier == backup.keyShares[0].identifier { other = try Self.backup() }
        let mixed = [backup.keyShares[0], other.keyShares[1]]
        #expect(Self.error(backup, .keySheets(mixed, password: nil))
                == .keySheetOfAnotherBackup(position: 2, identifier: other.keyShares[1].identifier, expected: backup.keyShares[0].identifier))
        // A password backup is not opened with sheets, and says so.
        let passwordBackup = try PaperVault.backup(Self.document, password: "pw", options: PaperVaultFormatTests.fastOptions())
        #expect(Self.error(passwordBackup, .keySheets(backup.keyShares, password: nil)) == .notAKeySheetBackup)
    }

    @Test("a forged sheet: refused by the shares' digest, or, forged as a whole consistent set, by the document's cipher")
    func forged() throws {
        let backup = try Self.backup()
        let shares = backup.keyShares
        let forgery = KeySheetTests.forged(shares[1])
        #expect(Self.error(backup, .keySheets([shares[0], forgery], password: nil)) == .keySheets(.digestMismatch))
        // Sheets of another split relabelled with this backup's id pass every sheet check and combine to
        // another key: the AEAD refuses it, and nothing is decrypted.
        let impostors = try KeySheets.split(secret: SecureRandom.bytes(32), threshold: 2, count: 3).map {
            KeyShare(identifier: shares[0].identifier, extendable: true, iterationExponent: $0.iterationExponent,
                     memberIndex: $0.memberIndex, memberThreshold: 2, value: $0.value)
        }
        #expect(try KeySheets.combine(Array(impostors.prefix(2))).count == 32)
        #expect(Self.error(backup, .keySheets(Array(impostors.prefix(2)), password: nil)) == .keySheetsRejected)
    }

    @Test("a sheet whose threshold, number, exponent, groups or length disagree with the backup is refused before any key derivation")
    func disagreesWithBackup() throws {
        let backup = try Self.backup()
        let genuine = backup.keyShares[0], id = genuine.identifier
        func sheet(exponent: Int = KeySheets.defaultIterationExponent, groupCount: Int = 1, index: Int = 1, threshold: Int = 2,
                   length: Int = 32) -> KeyShare {
            KeyShare(identifier: id, extendable: true, iterationExponent: exponent, groupCount: groupCount, memberIndex: index,
                     memberThreshold: threshold, value: SecureRandom.bytes(length))
        }
        // A forger can make a whole consistent set (its digest holds) at any exponent without running the Feistel
        // rounds: today's restore would then spend 2500·2ᵉ PBKDF2 iterations per round (e = 15: 4 × 81,920,000).
        let values = ShamirSharing.split(SecureRandom.bytes(32), threshold: 2, count: 3)
        let costly = (0..<2).map { KeyShare(identifier: id, extendable: true, iterationExponent: 6, memberIndex: $0,
                                             memberThreshold: 2, value: values[$0]) }
        // A 1-of-1 forgery would reach the Feistel rounds alone, whatever the header's k.
        let cases: [([KeyShare], position: Int, KeySheetError.Parameter)] = [
            ([sheet(index: 0, threshold: 1)], 1, .memberThreshold),
            ([genuine, sheet(index: 3)], 2, .memberIndex),
            (costly, 1, .iterationExponent),
            ([genuine, sheet(exponent: 15)], 2, .iterationExponent),
            ([genuine, sheet(groupCount: 2)], 2, .groupCount),
            ([genuine, sheet(length: 16)], 2, .length),
        ]
        for (shares, position, parameter) in cases {
            #expect(Self.error(backup, .keySheets(shares, password: nil)) == .keySheetDisagrees(position: position, parameter: parameter))
        }
        #expect(PaperVaultError.keySheetDisagrees(position: 2, parameter: .memberThreshold).description
                == "key sheet 2 has this backup's id but not its threshold: it is forged or damaged")
    }

    @Test("the clear sheet header is authenticated: a changed count fails the cipher, a changed threshold no longer matches the sheets")
    func headerAuthenticated() throws {
        let backup = try Self.backup()
        var assembler = VaultAssembler()
        for payload in backup.payloads { assembler.add(payload) }
        let message = try assembler.messageBuffer()
        let headerAt = 7 + 32  // flags, rounds, salt length, salt
        let expected: [(Int, UInt8, PaperVaultError)] = [
            (2, 3, .keySheetDisagrees(position: 1, parameter: .memberThreshold)), (3, 4, .keySheetsRejected),
        ]
        for (offset, value, error) in expected {
            var altered = message
            altered[headerAt + offset] = value
            #expect(throws: error) {
                try PaperVault.restore(message: altered, unlocking: .keySheets(Array(backup.keyShares.prefix(2)), password: nil))
            }
        }
        // Impossible values are refused when parsed.
        for (offset, value) in [(0, UInt8(0x80)), (2, UInt8(0)), (3, UInt8(1)), (3, UInt8(17))] {
            var altered = message
            altered[headerAt + offset] = value
            #expect(throws: PaperVaultError.invalidKeySheetsHeader) { try VaultMessage(parsing: altered) }
        }
        // Rounds in a backup without a password, or a password flag without the sheets flag.
        var rounds = message
        rounds[4] = 1
        #expect(throws: PaperVaultError.invalidKeyDerivation(rounds: 1, saltLength: 32)) { try VaultMessage(parsing: rounds) }
        var passwordOnly = message
        passwordOnly[0] = VaultMessage.passwordTooFlag
        #expect(throws: PaperVaultError.unsupportedClearTextFlags(2)) { try VaultMessage(parsing: passwordOnly) }
        // Truncated inside the sheet header.
        #expect(throws: PaperVaultError.truncatedMessage) { try VaultMessage(parsing: Array(message.prefix(headerAt + 3))) }
    }

    @Test("with parity, codes lost within the plan still restore from sheets")
    func parity() throws {
        let document = VaultDocument(title: "big", contents: PaperVaultFormatTests.randomBytes(2_000, seed: 21))
        let backup = try Self.backup(redundancy: 0.5, document: document)
        try #require(backup.codes.count >= 4 && backup.plan.survivableCodes > 0)
        let kept = Array(backup.payloads.dropFirst(backup.plan.survivableCodes))
        #expect(try Self.restore(backup, .keySheets(Array(backup.keyShares.suffix(2)), password: nil), payloads: kept) == document)
    }

    @Test("each backup draws a fresh key: two backups of one document share no sheet value")
    func freshKeys() throws {
        let a = try Self.backup(), b = try Self.backup()
        #expect(Set(a.keyShares.map(\.value)).isDisjoint(with: Set(b.keyShares.map(\.value))))
        #expect(a.codes[0].payload != b.codes[0].payload)
    }
}
