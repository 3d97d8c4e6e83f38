import Foundation
import SeqrCore
import Testing

@Suite("Vault parity planned by pages")
struct VaultParityPlanTests {
    static func backup(size: Int, survivePages: Int? = nil, redundancy: Double = 0, seed: UInt64 = 5) throws -> (VaultDocument, PaperVault.Backup) {
        var options = PaperVaultFormatTests.fastOptions(compression: false, version: 15)
        options.survivePages = survivePages
        options.redundancy = redundancy
        let document = VaultDocument(title: "plan", contents: PaperVaultFormatTests.randomBytes(size, seed: seed))
        return (document, try PaperVault.backup(document, password: "p", options: options))
    }

    /// The payloads as printed, six to a page, without the codes on `lost` pages (from 0).
    static func scanned(_ backup: PaperVault.Backup, losing lost: Set<Int>) -> [[UInt8]] {
        backup.payloads.enumerated().filter { !lost.contains($0.offset / 6) }.map(\.element).shuffled()
    }

    @Test("by default every single-page loss of a multi-page backup restores, whatever the size",
          arguments: [2_500, 4_000, 9_000, 20_000, 100_000])
    func anyOnePage(size: Int) throws {
        let (document, backup) = try Self.backup(size: size)
        let pages = backup.plan.pageCount
        #expect(backup.codes.count > 6 && pages >= 3, "\(backup.codes.count) data codes")
        #expect(backup.plan.survivablePages >= 1)
        for page in 0..<pages {
            #expect(try PaperVault.restore(scanned: Self.scanned(backup, losing: [page]), password: "p") == document, "page \(page + 1) of \(pages) lost")
        }
    }

    @Test("with --survive-pages 2 every pair of lost pages restores")
    func anyTwoPages() throws {
        let (document, backup) = try Self.backup(size: 6_000, survivePages: 2)
        let pages = backup.plan.pageCount
        #expect(backup.plan.survivablePages >= 2)
        for a in 0..<pages {
            for b in (a + 1)..<pages {
                #expect(try PaperVault.restore(scanned: Self.scanned(backup, losing: [a, b]), password: "p") == document, "pages \(a + 1), \(b + 1) lost")
            }
        }
    }

    @Test("a backup that fits one page gets no parity by default and stays plain PaperVault")
    func onePagePlain() throws {
        let (_, backup) = try Self.backup(size: 300)
        #expect(backup.codes.count <= 6 && backup.parityCodes.isEmpty && backup.plan.survivablePages == 0)
    }

    @Test("the promised pages hold for every size: every set of N lost pages up to 50 data codes, every run of N pages beyond",
          arguments: [1, 2, 3])
    func planIsExact(survivePages: Int) {
        for dataCodes in 1...400 {
            let plan = VaultParityPlan(dataCodes: dataCodes, codesPerPage: 6, survivePages: survivePages, redundancy: 0)
            #expect(plan.groups.allSatisfy { $0.dataCodes + $0.parityCodes <= 255 })
            #expect(plan.groups.map(\.dataCodes).reduce(0, +) == dataCodes)
            #expect(plan.survivablePages >= survivePages, "\(dataCodes) data codes")
            let runs = (0..<plan.pageCount).map { Set($0..<min($0 + survivePages, plan.pageCount)) }
            for lost in dataCodes <= 50 ? Self.subsets(of: plan.pageCount, size: survivePages) : runs {
                #expect(plan.survives(losingPages: lost), "\(dataCodes) data codes, pages \(lost.sorted()) lost")
            }
        }
        // A single group needs exactly the codes its N fullest pages hold: 6 per page when pages are full.
        let plan = VaultParityPlan(dataCodes: 40, codesPerPage: 6, survivePages: survivePages, redundancy: 0)
        #expect(plan.groups.count == 1 && plan.parityCodes == 6 * survivePages)
    }

    static func subsets(of n: Int, size: Int) -> [Set<Int>] {
        guard size > 0 else { return [[]] }
        guard size <= n else { return [] }
        return subsets(of: n - 1, size: size) + subsets(of: n - 1, size: size - 1).map { $0.union([n - 1]) }
    }

    @Test("--redundancy means what it says: any that share of a group's codes may be lost")
    func redundancyShare() throws {
        for share in [0.2, 0.25, 0.4, 0.5] {
            let plan = VaultParityPlan(dataCodes: 11, codesPerPage: 6, survivePages: 0, redundancy: share)
            let m = plan.parityCodes, total = plan.totalCodes
            #expect(Double(m) >= share * Double(total) - 1e-9, "\(share): \(m) of \(total)")
            #expect(Double(m - 1) < share * Double(total - 1), "\(share): one less would do")
        }
        // 11 data codes at 40%: 8 parity codes, any 8 of 19 (42%) may be lost; and a real restore bears it out.
        #expect(VaultParityPlan(dataCodes: 11, codesPerPage: 6, survivePages: 0, redundancy: 0.4).parityCodes == 8)
        let (document, backup) = try Self.backup(size: 4_000, survivePages: 0, redundancy: 0.4)
        let lose = Int((0.4 * Double(backup.plan.totalCodes)).rounded(.down))
        for _ in 0..<6 {
            let kept = Array(backup.payloads.shuffled().dropFirst(lose))
            #expect(try PaperVault.restore(scanned: kept, password: "p") == document)
        }
    }

    @Test("a loss beyond the plan says how many more codes are needed and which pages were not read")
    func needMoreCodes() throws {
        let (_, backup) = try Self.backup(size: 9_000)
        let plan = backup.plan
        try #require(plan.groups.count == 1 && plan.parityCodes == 6 && plan.pageCount >= 4)
        // Page 1 and the first code of page 2: seven data codes lost, six parity codes found.
        let kept = backup.payloads.enumerated().filter { $0.offset > 6 }.map(\.element)
        #expect(throws: PaperVaultError.tooFewCodes(VaultCodeShortfall(
            needed: 1, foundCodes: backup.codes.count - 7, totalCodes: backup.codes.count, foundParityCodes: 6, totalParityCodes: 6,
            missingCodes: Array(1...7), unreadPages: [1], partlyReadPages: [2]))) {
            try PaperVault.restore(scanned: kept.shuffled(), password: "p")
        }
        let message = PaperVaultError.tooFewCodes(VaultCodeShortfall(
            needed: 1, foundCodes: 10, totalCodes: 17, foundParityCodes: 6, totalParityCodes: 6,
            missingCodes: Array(1...7), unreadPages: [1], partlyReadPages: [2])).description
        #expect(message == "10 of 17 codes and 6 of 6 parity codes found; 1 more code needed (any of the missing ones: codes 1–7 or their parity); page 1 not read; page 2 read in part")
        // Two pages and a parity code more: one group counts data and parity alike.
        let worse = backup.payloads.enumerated().filter { $0.offset >= 12 && $0.offset != backup.codes.count }.map(\.element)
        let error = #expect(throws: PaperVaultError.self) { try PaperVault.restore(scanned: worse, password: "p") }
        guard case .tooFewCodes(let shortfall)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(shortfall.needed == 12 - 5)
        #expect(shortfall.unreadPages == [1, 2])
    }
}
