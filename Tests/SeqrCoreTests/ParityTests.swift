import Crypto
import Foundation
import SeqrCore
import SeqrTestSupport
import Testing

@Suite("Erasure coding and vault parity codes")
struct ParityTests {
    @Test("any k of k + m shards rebuild the data")
    func erasureCode() throws {
        let k = 10, m = 4
        let data = (0..<k).map { PaperVaultFormatTests.randomBytes(300, seed: UInt64($0)) }
        let code = ErasureCode(dataShards: k, parityShards: m)
        let parity = try code.parity(of: data)
        #expect(parity.count == m && parity.allSatisfy { $0.count == 300 })
        let all: [[UInt8]?] = data + parity
        for trial in 0..<30 {
            var generator = SystemRandomNumberGenerator()
            let lost = Set((0..<(k + m)).shuffled(using: &generator).prefix(trial % (m + 1)))
            let damaged = all.enumerated().map { lost.contains($0.offset) ? nil : $0.element }
            #expect(try code.reconstruct(damaged) == data, "lost \(lost.sorted())")
        }
        var tooMany = all
        for index in 0...m { tooMany[index] = nil }
        #expect(throws: ErasureCodeError.tooManyMissing(missing: m + 1, parity: m)) { try code.reconstruct(tooMany) }
    }

    static func backup(redundancy: Double, size: Int = 30_000) throws -> (VaultDocument, PaperVault.Backup) {
        var options = PaperVaultFormatTests.fastOptions(compression: false, version: 20)
        options.redundancy = redundancy
        options.survivePages = 0
        let document = VaultDocument(title: "parity", contents: PaperVaultFormatTests.randomBytes(size, seed: 17))
        return (document, try PaperVault.backup(document, password: "p", options: options))
    }

    @Test("with 25% redundancy any 25% of the codes may be lost, anywhere; one more and the restore says one more code is needed", arguments: [0.25, 0.5])
    func maximumLoss(redundancy: Double) throws {
        let (document, backup) = try Self.backup(redundancy: redundancy)
        let k = backup.codes.count, m = backup.parityCodes.count
        #expect(Double(m) >= redundancy * Double(k + m) && Double(m - 1) < redundancy * Double(k + m - 1))
        let payloads = backup.payloads
        for trial in 0..<8 {
            var generator = SystemRandomNumberGenerator()
            // Lose exactly m codes: data and parity alike; the last data code on some trials.
            var lost = Set(payloads.indices.shuffled(using: &generator).prefix(m))
            if trial % 2 == 0 { lost.remove(lost.first!); lost.insert(k - 1) }
            let kept = payloads.enumerated().filter { !lost.contains($0.offset) }.map(\.element).shuffled()
            #expect(try PaperVault.restore(scanned: kept, password: "p") == document, "lost \(lost.sorted())")
        }
        // One more lost than there is parity: one more code is needed, not the m + 1 missing ones.
        let kept = Array(payloads[(m + 1)...])
        let lostData = min(m + 1, k), lostParity = m + 1 - lostData
        // Six codes a page, in print order: which pages lost all of their codes, which some.
        let pages = (0..<((k + m + 5) / 6)).map { page in (page * 6..<min(page * 6 + 6, k + m)).map { $0 <= m } }
        #expect(throws: PaperVaultError.tooFewCodes(VaultCodeShortfall(
            needed: 1, foundCodes: k - lostData, totalCodes: k, foundParityCodes: m - lostParity, totalParityCodes: m,
            missingCodes: Array(1...lostData),
            unreadPages: pages.indices.filter { pages[$0].allSatisfy { $0 } }.map { $0 + 1 },
            partlyReadPages: pages.indices.filter { pages[$0].contains(true) && pages[$0].contains(false) }.map { $0 + 1 }))) {
            try PaperVault.restore(scanned: kept, password: "p")
        }
    }

    @Test("a strict PaperVault reader ignores parity codes; the plain codes stay byte-exact")
    func strictReaderIgnoresParity() throws {
        let (document, backup) = try Self.backup(redundancy: 0.25, size: 5_000)
        for parity in backup.parityCodes.map({ $0.serialized() }) {
            #expect(throws: PaperVaultError.notAVaultCode) { try VaultCode(parsing: parity) }
        }
        // The independent reference reader (no parity support) restores from all codes, parity included.
        let json = try JSONEncoder().encode(backup.payloads.shuffled().map { Data($0).base64EncodedString() })
        let out = try PaperVaultReferenceTests.python(["read", "--password", "p"], stdin: json)
        struct Restored: Decodable { let contentBase64: String }
        #expect(Data(base64Encoded: try JSONDecoder().decode(Restored.self, from: out).contentBase64) == Data(document.content))
    }

    @Test("a tampered parity code cannot smuggle data in: the digest check still fails")
    func tamperedParity() throws {
        let (_, backup) = try Self.backup(redundancy: 0.25, size: 5_000)
        var parity = backup.parityCodes[0]
        parity.shard[10] ^= 0xFF
        var payloads = backup.payloads
        payloads.removeFirst()  // lose data code 1, so parity must be used
        payloads.removeAll { (try? VaultParityCode(parsing: $0))?.indexInGroup == 0 }
        payloads.append(parity.serialized())
        #expect(throws: PaperVaultError.digestMismatch) { try PaperVault.restore(scanned: payloads, password: "p") }
    }

    @Test("a parity code whose bytes also pass the plain checksum is still read as parity, and flagged so the writer re-seals")
    func parityThatLooksPlain() throws {
        let (document, backup) = try Self.backup(redundancy: 0.25, size: 5_000)
        #expect(!backup.parityCodes.contains { $0.passesPlainChecksum })
        // Find, by changing the last three shard bytes of a copy, a parity code that a strict reader
        // would also accept: its plain checksum must equal the salted one it carries (1 in 65,536).
        var colliding = backup.parityCodes[0]
        var body = Array(colliding.serialized().dropLast(2))
        let salt = Array("SEQR-PARITY".utf8)
        var found = false
        search: for a in 0...255 {
            for b in 0...255 {
                for c in 0...255 {
                    (body[body.count - 3], body[body.count - 2], body[body.count - 1]) = (UInt8(a), UInt8(b), UInt8(c))
                    var salted = SHA256()
                    salted.update(data: salt)
                    salted.update(data: body)
                    let plain = SHA256.hash(data: body)
                    if Array(plain.prefix(2)) == Array(salted.finalize().prefix(2)) {
                        let n = colliding.shard.count
                        (colliding.shard[n - 3], colliding.shard[n - 2], colliding.shard[n - 1]) = (UInt8(a), UInt8(b), UInt8(c))
                        found = true
                        break search
                    }
                }
            }
        }
        try #require(found)
        #expect(colliding.passesPlainChecksum)
        #expect((try? VaultCode(parsing: colliding.serialized())) != nil)
        var assembler = VaultAssembler()
        #expect(assembler.add(colliding.serialized()) == .addedParity(parityNumber: 0))
        // Beside every data code it changes nothing: no conflict, the document comes back.
        let payloads = backup.codes.map { $0.serialized() } + [colliding.serialized()]
        #expect(try PaperVault.restore(scanned: payloads.shuffled(), password: "p") == document)
    }
}
