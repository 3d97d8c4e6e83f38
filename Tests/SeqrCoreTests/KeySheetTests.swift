import Crypto
import Foundation
@testable import SeqrCore
import SeqrTestSupport
import Testing

/// GF(256) arithmetic, Shamir sharing and SLIP-0039 key sheets: the official vectors, round trips,
/// and each way a set of sheets can be wrong named by its own error.
@Suite("Key sheets")
struct KeySheetTests {
    // MARK: GF(256)

    /// Schoolbook carry-less product, then reduction by long division by 0x11B: a second way to multiply.
    static func slowMultiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        var product = 0
        for bit in 0..<8 where b >> bit & 1 == 1 { product ^= Int(a) << bit }
        for bit in stride(from: 14, through: 8, by: -1) where product >> bit & 1 == 1 { product ^= 0x11B << (bit - 8) }
        return UInt8(product)
    }

    @Test("GF(256): FIPS-197's worked products, every product against long division, every inverse")
    func field() {
        #expect(GF256.multiply(0x57, 0x83) == 0xC1)   // FIPS-197 §4.2
        #expect(GF256.multiply(0x57, 0x13) == 0xFE)   // FIPS-197 §4.2.1
        #expect(GF256.inverse(0x53) == 0xCA)          // the AES S-box example: 0x53⁻¹ = 0xCA
        #expect(GF256.inverse(0) == 0)
        for a in 0...255 {
            for b in 0...255 where GF256.multiply(UInt8(a), UInt8(b)) != Self.slowMultiply(UInt8(a), UInt8(b)) {
                Issue.record("\(a) · \(b)")
            }
            if a != 0 { #expect(GF256.multiply(UInt8(a), GF256.inverse(UInt8(a))) == 1, "\(a)⁻¹") }
        }
    }

    // MARK: Shamir

    @Test("Shamir: every t-subset of n points recovers the secret; t − 1 points are refused by the digest or give nothing")
    func shamirSubsets() throws {
        let secret = SecureRandom.bytes(32)
        for (threshold, count) in [(2, 2), (2, 3), (3, 5), (4, 6), (16, 16)] {
            let shares = ShamirSharing.split(secret, threshold: threshold, count: count)
            #expect(shares.count == count)
            for subset in Self.subsets(of: Array(0..<count), size: threshold).prefix(40) {
                let points = subset.shuffled().map { (x: UInt8($0), y: shares[$0]) }
                #expect(ShamirSharing.recover(points, threshold: threshold) == secret, "\(threshold)-of-\(count) \(subset)")
            }
        }
        // The share at x lies on the polynomials through any t shares.
        let shares = ShamirSharing.split(secret, threshold: 3, count: 5)
        let points = [0, 2, 4].map { (x: UInt8($0), y: shares[$0]) }
        #expect(ShamirSharing.interpolate(at: 1, points) == shares[1])
        #expect(ShamirSharing.interpolate(at: 3, points) == shares[3])
    }

    static func subsets(of items: [Int], size: Int) -> [[Int]] {
        guard size > 0 else { return [[]] }
        guard let first = items.first else { return [] }
        let rest = Array(items.dropFirst())
        return subsets(of: rest, size: size - 1).map { [first] + $0 } + subsets(of: rest, size: size)
    }

    // MARK: The official SLIP-0039 vectors

    struct Vector {
        let number: Int
        let description: String
        let mnemonics: [String]
        let secret: [UInt8]?
    }

    static let vectors: [Vector] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Reference/slip39/vectors.json")
        let json = try! JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [[Any]]
        return json.enumerated().map { offset, entry in
            let hex = entry[2] as! String
            let secret: [UInt8]? = hex.isEmpty ? nil : stride(from: 0, to: hex.count, by: 2).map {
                UInt8(hex.dropFirst($0).prefix(2), radix: 16)!
            }
            return Vector(number: offset + 1, description: entry[0] as! String, mnemonics: entry[1] as! [String], secret: secret)
        }
    }()

    /// What each invalid vector must be refused with (numbered as in vectors.json, from 1).
    /// The reference implementation refuses each for the same reason (python-shamir-mnemonic's messages in comments).
    static let expectedErrors: [Int: KeySheetError] = [
        2: .checksumMismatch, 21: .checksumMismatch,                       // "Invalid mnemonic checksum"
        3: .invalidPadding, 22: .invalidPadding,                           // "Invalid mnemonic padding"
        5: .notEnoughShares(have: 1, need: 2), 24: .notEnoughShares(have: 1, need: 2),   // "Wrong number of mnemonics"
        6: .anotherBackup(position: 2, identifier: 283, expected: 282),    // "The identifier parameters don't match"
        25: .anotherBackup(position: 2, identifier: 26511, expected: 26510),
        7: .inconsistentShare(position: 2, parameter: .iterationExponent), // "The iteration_exponent parameters don't match"
        26: .inconsistentShare(position: 2, parameter: .iterationExponent),
        8: .inconsistentShare(position: 3, parameter: .groupThreshold),    // "… must have the same group threshold …"
        27: .inconsistentShare(position: 3, parameter: .groupThreshold),
        9: .inconsistentShare(position: 2, parameter: .groupCount),        // "The group_count parameters don't match"
        28: .inconsistentShare(position: 2, parameter: .groupCount),
        10: .groupThresholdExceedsCount(threshold: 2, count: 1),           // "Group threshold cannot be greater than group count"
        29: .groupThresholdExceedsCount(threshold: 2, count: 1),
        11: .conflictingShares(number: 3), 30: .conflictingShares(number: 3),   // "Share indices must be unique"
        12: .inconsistentShare(position: 2, parameter: .memberThreshold),  // "The member_threshold parameters don't match"
        31: .inconsistentShare(position: 2, parameter: .memberThreshold),
        13: .digestMismatch, 32: .digestMismatch,                          // "Invalid digest of the shared secret"
        14: .notEnoughGroups(have: 1, need: 2), 33: .notEnoughGroups(have: 1, need: 2),   // "Insufficient number of mnemonic groups"
        15: .notEnoughGroups(have: 1, need: 2), 34: .notEnoughGroups(have: 1, need: 2),
        16: .notEnoughShares(have: 1, need: 2), 35: .notEnoughShares(have: 1, need: 2),   // "Wrong number of mnemonics"
        39: .invalidWordCount(19),                                         // "must be at least 20 words"
        40: .invalidWordCount(21),                                         // "Invalid mnemonic length"
    ]

    func outcome(_ vector: Vector) -> Result<[UInt8], KeySheetError> {
        do throws(KeySheetError) {
            let shares = try vector.mnemonics.map { (mnemonic) throws(KeySheetError) in try KeyShare(mnemonic: mnemonic) }
            return .success(try KeySheets.combine(shares, passphrase: "TREZOR"))
        } catch {
            return .failure(error)
        }
    }

    @Test("SLIP-0039 vectors: valid sets give the master secret with passphrase TREZOR, invalid ones their error")
    func officialVectors() throws {
        #expect(Self.vectors.count == 45)
        #expect(Self.vectors.filter { $0.secret == nil }.count == Self.expectedErrors.count)
        for vector in Self.vectors {
            let result = outcome(vector)
            if let secret = vector.secret {
                #expect(result == .success(secret), "\(vector.description)")
            } else {
                let expected = try #require(Self.expectedErrors[vector.number], "\(vector.description)")
                #expect(result == .failure(expected), "\(vector.description)")
            }
        }
    }

    @Test("SLIP-0039 vectors: every valid share's words and QR bytes read back to the same words")
    func vectorWordsRoundTrip() throws {
        for vector in Self.vectors where vector.secret != nil {
            for mnemonic in vector.mnemonics {
                let share = try KeyShare(mnemonic: mnemonic)
                #expect(share.mnemonic == mnemonic)
                #expect(try KeyShare(parsing: share.serialized()) == share)
                #expect(try KeyShare(mnemonic: mnemonic.uppercased()) == share)
            }
        }
    }
}

// MARK: Splitting and combining

extension KeySheetTests {
    static func combineError(_ shares: [KeyShare], passphrase: String = "") -> KeySheetError? {
        do {
            _ = try KeySheets.combine(shares, passphrase: passphrase)
            return nil
        } catch {
            return error
        }
    }

    static func splitError(secretLength: Int = 32, _ threshold: Int, _ count: Int, passphrase: String = "") -> KeySheetError? {
        do {
            _ = try KeySheets.split(secret: SecureRandom.bytes(secretLength), threshold: threshold, count: count,
                                    passphrase: passphrase, iterationExponent: 0)
            return nil
        } catch {
            return error
        }
    }

    @Test("round trips 2-of-3, 3-of-5, 1-of-1, 16- and 32-byte keys, with and without a passphrase, through words and QR bytes",
          arguments: [(2, 3), (3, 5), (1, 1)])
    func roundTrip(threshold: Int, count: Int) throws {
        for (length, passphrase) in [(16, ""), (32, ""), (32, "correct horse ~ battery")] {
            let secret = SecureRandom.bytes(length)
            let shares = try KeySheets.split(secret: secret, threshold: threshold, count: count, passphrase: passphrase, iterationExponent: 0)
            #expect(shares.count == count)
            #expect(Set(shares.map(\.identifier)).count == 1)
            #expect(shares.map(\.number) == Array(1...count))
            #expect(shares.allSatisfy { $0.words.count == (length == 16 ? 20 : 33) && $0.memberThreshold == threshold && $0.extendable })
            #expect(shares.allSatisfy { $0.serialized().count == (length == 16 ? 28 : 45) })
            let typed = try shares.shuffled().prefix(threshold).map { share throws(KeySheetError) in try KeyShare(mnemonic: share.mnemonic) }
            #expect(try KeySheets.combine(typed, passphrase: passphrase) == secret)
            let scanned = try shares.shuffled().prefix(threshold).map { share throws(KeySheetError) in try KeyShare(parsing: share.serialized()) }
            #expect(try KeySheets.combine(scanned, passphrase: passphrase) == secret)
            // All n together are checked against each other and still give the key.
            #expect(try KeySheets.combine(shares, passphrase: passphrase) == secret)
        }
    }

    @Test("the default iteration exponent round-trips and is written in the share")
    func defaultExponent() throws {
        let secret = SecureRandom.bytes(32)
        let shares = try KeySheets.split(secret: secret, threshold: 2, count: 2, passphrase: "pass")
        #expect(shares[0].iterationExponent == KeySheets.defaultIterationExponent)
        #expect(try KeySheets.combine(shares, passphrase: "pass") == secret)
    }

    @Test("every 3-subset of a 3-of-5 recovers the key, in any order")
    func everySubset() throws {
        let secret = SecureRandom.bytes(32)
        let shares = try KeySheets.split(secret: secret, threshold: 3, count: 5, iterationExponent: 0)
        let subsets = Self.subsets(of: Array(0..<5), size: 3)
        #expect(subsets.count == 10)
        for subset in subsets {
            #expect(try KeySheets.combine(subset.shuffled().map { shares[$0] }) == secret, "\(subset)")
        }
    }

    @Test("k − 1 shares are refused with how many more are needed, never a wrong key")
    func tooFew() throws {
        let shares = try KeySheets.split(secret: SecureRandom.bytes(32), threshold: 3, count: 5, iterationExponent: 0)
        for subset in Self.subsets(of: Array(0..<5), size: 2) {
            #expect(Self.combineError(subset.map { shares[$0] }) == .notEnoughShares(have: 2, need: 3))
        }
        #expect(Self.combineError([shares[4]]) == .notEnoughShares(have: 1, need: 3))
        // The same sheet twice counts once.
        #expect(Self.combineError([shares[1], shares[3], shares[1]]) == .notEnoughShares(have: 2, need: 3))
        #expect(KeySheetError.notEnoughShares(have: 2, need: 3).description == "2 of 3 shares: 1 more needed")
        #expect(Self.combineError([]) == .noShares)
    }

    @Test("k − 1 shares tell nothing: for every key byte, the k − 1 share bytes take every value equally often")
    func thresholdSecrecy() {
        // 2 of a 3-of-n split, one byte: share 1 is random (y₀), share 2 lies on the polynomial
        // through (0, y₀), (254, d) and (255, s) with d random. For every key byte s, d ↦ share 2 must
        // be a bijection: then (y₀, share 2) is uniform whatever s is, and reveals nothing about s.
        // (SLIP-0039's first 4 digest bytes are an HMAC of the key: the 32-bit check the spec accepts.)
        let y0: UInt8 = 0x5A
        for s in 0...255 {
            let values = Set((0...255).map { d in
                ShamirSharing.interpolate(at: 1, [(x: 0, y: [y0]), (x: ShamirSharing.digestIndex, y: [UInt8(d)]),
                                                  (x: ShamirSharing.secretIndex, y: [UInt8(s)])])[0]
            })
            #expect(values.count == 256, "key byte \(s)")
        }
    }

    @Test("shares of two backups are named, with the other backup's id")
    func twoBackups() throws {
        let a = try KeySheets.split(secret: SecureRandom.bytes(32), threshold: 2, count: 3, iterationExponent: 0)
        var b = try KeySheets.split(secret: SecureRandom.bytes(32), threshold: 2, count: 3, iterationExponent: 0)
        while b[0].identifier == a[0].identifier {   // a 1 in 32,768 collision of random ids
            b = try KeySheets.split(secret: SecureRandom.bytes(32), threshold: 2, count: 3, iterationExponent: 0)
        }
        let error = Self.combineError([a[0], b[1]])
        #expect(error == .anotherBackup(position: 2, identifier: b[1].identifier, expected: a[0].identifier))
        #expect(error?.description.contains("belongs to another backup (id \(b[1].identifier)") == true)
    }

    @Test("one mistyped word, at any position and to any other word, fails the checksum")
    func mistypedWord() throws {
        let share = try KeySheets.split(secret: SecureRandom.bytes(32), threshold: 2, count: 3, iterationExponent: 0)[1]
        let indices = share.wordIndices()
        for position in indices.indices {
            for replacement in 0..<1024 where replacement != indices[position] {
                var typed = indices
                typed[position] = replacement
                do {
                    _ = try KeyShare(wordIndices: typed)
                    Issue.record("word \(position + 1) → \(replacement) accepted")
                } catch {
                    #expect(error == .checksumMismatch)
                }
            }
        }
        // Two adjacent words swapped, a word left out.
        var words = share.words
        words.swapAt(5, 6)
        #expect(throws: KeySheetError.checksumMismatch) { try KeyShare(words: words) }
        #expect(throws: KeySheetError.invalidWordCount(32)) { try KeyShare(words: Array(share.words.dropLast())) }
    }

    @Test("a word outside the wordlist is named by its position")
    func unknownWord() throws {
        var words = try KeySheets.split(secret: SecureRandom.bytes(16), threshold: 1, count: 1, iterationExponent: 0)[0].words
        words[6] = "acadamic"
        let error = #expect(throws: KeySheetError.self) { try KeyShare(words: words) }
        #expect(error == .wordNotInWordlist(position: 7, word: "acadamic"))
        #expect(error?.description.hasPrefix("word 7 (\"acadamic\") is not in the wordlist") == true)
    }

    @Test("words may be typed by their first four letters or more; a beginning that is no word's is refused")
    func prefixes() throws {
        #expect(Set(SLIP39Wordlist.words.map { $0.prefix(4) }).count == 1024)
        let share = try KeySheets.split(secret: SecureRandom.bytes(32), threshold: 2, count: 3, iterationExponent: 0)[0]
        #expect(try KeyShare(words: share.words.map { String($0.prefix(4)).uppercased() }) == share)
        #expect(try KeyShare(words: share.words.map { String($0.prefix(5)) }) == share)
        #expect(SLIP39Wordlist.index(of: "acad") == 0 && SLIP39Wordlist.index(of: "ZERO") == 1023)
        for typed in ["aca", "acadx", "academics", "", "zer"] { #expect(SLIP39Wordlist.index(of: typed) == nil, "\(typed)") }
        // SLIP-0039's other criteria for the list: 4 to 8 letters, sorted.
        #expect(SLIP39Wordlist.words.allSatisfy { (4...8).contains($0.count) } && SLIP39Wordlist.words == SLIP39Wordlist.words.sorted())
    }

    /// A share with its value changed and a valid checksum: what anyone can forge, as SLIP-0039 shares carry no MAC.
    static func forged(_ share: KeyShare, memberIndex: Int? = nil) -> KeyShare {
        var value = share.value
        value[3] ^= 0x40
        return KeyShare(identifier: share.identifier, extendable: share.extendable, iterationExponent: share.iterationExponent,
                        memberIndex: memberIndex ?? share.memberIndex, memberThreshold: share.memberThreshold, value: value)
    }

    @Test("a forged share is refused by the digest, or named when beyond the threshold; two sheets claiming one number are named")
    func forgedShares() throws {
        let shares = try KeySheets.split(secret: SecureRandom.bytes(32), threshold: 3, count: 5, iterationExponent: 0)
        let forgery = Self.forged(shares[2])
        #expect(try KeyShare(mnemonic: forgery.mnemonic) == forgery)   // its checksum is valid
        #expect(Self.combineError([shares[0], shares[1], forgery]) == .digestMismatch)
        #expect(Self.combineError([shares[0], shares[1], shares[3], forgery]) == .shareDisagrees(number: 3))
        #expect(Self.combineError([shares[0], shares[2], forgery]) == .conflictingShares(number: 3))
    }

    @Test("a share with this backup's id but other parameters is named as altered")
    func inconsistent() throws {
        let shares = try KeySheets.split(secret: SecureRandom.bytes(32), threshold: 2, count: 3, iterationExponent: 0)
        let s = shares[1]
        let otherExponent = KeyShare(identifier: s.identifier, extendable: true, iterationExponent: 3,
                                     memberIndex: s.memberIndex, memberThreshold: 2, value: s.value)
        #expect(Self.combineError([shares[0], otherExponent]) == .inconsistentShare(position: 2, parameter: .iterationExponent))
        let otherThreshold = KeyShare(identifier: s.identifier, extendable: true, iterationExponent: 0,
                                      memberIndex: s.memberIndex, memberThreshold: 3, value: s.value)
        #expect(Self.combineError([shares[0], otherThreshold]) == .inconsistentShare(position: 2, parameter: .memberThreshold))
        let shorter = KeyShare(identifier: s.identifier, extendable: true, iterationExponent: 0,
                               memberIndex: s.memberIndex, memberThreshold: 2, value: Array(s.value.prefix(16)))
        #expect(Self.combineError([shares[0], shorter]) == .inconsistentShare(position: 2, parameter: .length))
    }

    @Test("a share longer than a 256-bit key's 33 words is refused as words and as a code, however valid its checksum")
    func tooLong() throws {
        // A forged share of 1,999 words would run every Feistel round over a 1,240-byte value: minutes of PBKDF2.
        for length in [34, 48, 1_240] {
            let long = KeyShare(identifier: 7, extendable: true, iterationExponent: 0, memberIndex: 0, memberThreshold: 1,
                                value: SecureRandom.bytes(length))
            #expect(throws: KeySheetError.invalidWordCount(long.words.count)) { try KeyShare(mnemonic: long.mnemonic) }
            #expect(throws: KeySheetError.invalidCodeLength(long.serialized().count)) { try KeyShare(parsing: long.serialized()) }
        }
        #expect(throws: KeySheetError.invalidWordCount(5_000)) { try KeyShare(words: Array(repeating: "academic", count: 5_000)) }
    }

    @Test("a wrong passphrase gives another key, not an error (SLIP-0039): the document's AEAD is what refuses it")
    func wrongPassphrase() throws {
        let secret = SecureRandom.bytes(32)
        let shares = try KeySheets.split(secret: secret, threshold: 2, count: 3, passphrase: "right", iterationExponent: 0)
        let wrong = try KeySheets.combine(Array(shares.prefix(2)), passphrase: "wrong")
        #expect(wrong != secret && wrong.count == 32)
        #expect(Self.combineError(shares, passphrase: "pässword") == .passphraseNotPrintableASCII)
    }

    @Test("impossible splits are refused with their own error")
    func splitErrors() {
        #expect(Self.splitError(3, 2) == .invalidThreshold(threshold: 3, count: 2))
        #expect(Self.splitError(0, 3) == .invalidThreshold(threshold: 0, count: 3))
        #expect(Self.splitError(2, 17) == .tooManyShares(17))
        #expect(Self.splitError(1, 3) == .thresholdOneWithSeveralShares(count: 3))
        #expect(Self.splitError(secretLength: 15, 2, 3) == .invalidSecretLength(15))
        #expect(Self.splitError(secretLength: 17, 2, 3) == .invalidSecretLength(17))
        #expect(Self.splitError(secretLength: 34, 2, 3) == .invalidSecretLength(34))
        #expect(Self.splitError(2, 3, passphrase: "tab\there") == .passphraseNotPrintableASCII)
        #expect(Self.splitError(16, 16) == nil)
    }

    @Test("a restore reads a sheet's code bytes or a text of its words alike; anything else is not a key sheet")
    func reading() throws {
        let share = try KeySheets.split(secret: SecureRandom.bytes(32), threshold: 2, count: 3, iterationExponent: 0)[2]
        #expect(try KeyShare(reading: share.serialized()) == share)
        #expect(try KeyShare(reading: Array("\u{FEFF}\(share.words[..<10].joined(separator: " "))\n\(share.words[10...].joined(separator: "\n"))\n".utf8)) == share)
        #expect(throws: KeySheetError.notAKeySheetCode) { try KeyShare(reading: [0xFF, 0xFE, 0x00]) }
        #expect(throws: KeySheetError.notAKeySheetCode) { try KeyShare(reading: Array(" \n".utf8)) }
        #expect(throws: KeySheetError.wordNotInWordlist(position: 1, word: "https://example.com")) {
            try KeyShare(reading: Array("https://example.com".utf8))
        }
    }

    @Test("QR bytes: magic, version, packed words; other codes, versions and lengths refused")
    func qrBytes() throws {
        let share = try KeySheets.split(secret: SecureRandom.bytes(32), threshold: 2, count: 3, iterationExponent: 0)[0]
        let bytes = share.serialized()
        #expect(Array(bytes.prefix(3)) == [0x4B, 0x53, 0x01])
        #expect(bytes.count == 3 + 42 && bytes.last! & 0x3F == 0)   // 330 bits, then 6 zero bits
        #expect(throws: KeySheetError.notAKeySheetCode) { try KeyShare(parsing: Array("https://example.com".utf8)) }
        #expect(throws: KeySheetError.notAKeySheetCode) { try KeyShare(parsing: [0x4B]) }
        #expect(throws: KeySheetError.unsupportedVersion(2)) { try KeyShare(parsing: [0x4B, 0x53, 2] + bytes.dropFirst(3)) }
        #expect(throws: KeySheetError.invalidCodeLength(44)) { try KeyShare(parsing: Array(bytes.dropLast())) }
        #expect(throws: KeySheetError.invalidCodeLength(46)) { try KeyShare(parsing: bytes + [0]) }   // 34 words: no key length
        // 35 words would fit a 34-byte key: longer than any share Seqr reads.
        #expect(throws: KeySheetError.invalidCodeLength(47)) { try KeyShare(parsing: bytes + [0, 0]) }
        var filled = bytes
        filled[filled.count - 1] |= 1
        #expect(throws: KeySheetError.invalidCodeLength(45)) { try KeyShare(parsing: filled) }
        var flipped = bytes
        flipped[20] ^= 0x10
        #expect(throws: KeySheetError.checksumMismatch) { try KeyShare(parsing: flipped) }
        #expect(throws: KeySheetError.invalidCodeLength(3)) { try KeyShare(parsing: [0x4B, 0x53, 1]) }
    }
}

// MARK: Against an independent reader

extension KeySheetTests {
    static let referenceScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Reference/slip39_reference.py").path

    /// The key Tests/Reference/slip39_reference.py (standard-library Python, written from the spec) combines from these codes.
    static func referenceCombine(_ shares: [KeyShare], passphrase: String) throws -> [UInt8] {
        let input = shares.map { $0.serialized().map { String(format: "%02x", $0) }.joined() }.joined(separator: "\n")
        let result = try ExternalTool.named("python3").run([referenceScript, "combine", "--passphrase", passphrase], stdin: Data(input.utf8))
        try #require(result.status == 0, "slip39_reference.py: \(result.stderr)")
        let hex = String(decoding: result.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return stride(from: 0, to: hex.count, by: 2).map { UInt8(hex.dropFirst($0).prefix(2), radix: 16)! }
    }

    @Test("Seqr splits, an independent reader combines the QR codes to the same key (2-of-3, 3-of-5, 1-of-1; 16 and 32 bytes; passphrase; default exponent)")
    func independentReader() throws {
        for (threshold, count, length, passphrase, exponent) in [(2, 3, 32, "", 0), (3, 5, 16, "TREZOR", 0), (1, 1, 32, "", 0),
                                                                  (3, 5, 32, "a b~c", KeySheets.defaultIterationExponent)] {
            let secret = SecureRandom.bytes(length)
            let shares = try KeySheets.split(secret: secret, threshold: threshold, count: count, passphrase: passphrase,
                                             iterationExponent: exponent)
            #expect(try Self.referenceCombine(Array(shares.shuffled().prefix(threshold)), passphrase: passphrase) == secret,
                    "\(threshold)-of-\(count), \(length) bytes")
        }
    }
}
