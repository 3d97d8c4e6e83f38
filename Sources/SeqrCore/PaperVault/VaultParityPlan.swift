/// How many parity codes a backup gets, in which groups, so that what it promises to survive
/// holds exactly for the printed layout: codes in order, data codes first, then each group's
/// parity codes, `codesPerPage` to a page (`VaultPrintout`).
///
/// Each group of k consecutive data codes gets m Reed–Solomon parity codes (ISA-L, a systematic
/// MDS code): any m of the group's k + m codes may be lost. So losing a set of pages is
/// recoverable iff no group has more than m of its codes on those pages, and "any N whole pages
/// may be lost" holds iff, for every group, m ≥ the number of its codes on the N pages that hold
/// most of them. The plan computes that number from the layout and raises m until it holds (a
/// fixed point: parity codes take room on pages too).
public struct VaultParityPlan: Sendable, Equatable {
    /// k consecutive data codes from `firstDataCode` and their m parity codes.
    public struct Group: Sendable, Equatable {
        public let firstDataCode: Int
        public let dataCodes: Int
        public let parityCodes: Int
    }

    /// Reed–Solomon over GF(2⁸): k + m ≤ 255 per group.
    public static let maximumGroupCodes = 255
    /// The largest --redundancy: 90% needs nine parity codes per data code.
    public static let maximumRedundancy = 0.9

    public let dataCodes: Int
    public let codesPerPage: Int
    /// In order of their data codes; their parity codes are printed in this order too.
    public let groups: [Group]

    /// The most whole pages a plan can promise to survive with `codesPerPage` codes a page
    /// (N pages of parity and at least one data code must fit one group).
    public static func maximumSurvivablePages(codesPerPage: Int) -> Int {
        (maximumGroupCodes - 1) / max(codesPerPage, 1)
    }

    /// - Parameters:
    ///   - dataCodes: how many data codes the backup has, at least 1.
    ///   - codesPerPage: how many codes a printed page holds.
    ///   - survivePages: any this many whole pages may be lost (0: no page promise).
    ///   - redundancy: any this share of each group's codes, data and parity, may be lost
    ///     (0.4: m ≥ 0.4 · (k + m)); 0 for none. At most ``maximumRedundancy``.
    public init(dataCodes: Int, codesPerPage: Int, survivePages: Int, redundancy: Double) {
        precondition(dataCodes >= 1 && codesPerPage >= 1 && survivePages >= 0)
        precondition(survivePages <= Self.maximumSurvivablePages(codesPerPage: codesPerPage), "too many pages to survive")
        precondition(redundancy >= 0 && redundancy <= Self.maximumRedundancy, "redundancy out of range")
        self.dataCodes = dataCodes
        self.codesPerPage = codesPerPage
        guard survivePages > 0 || redundancy > 0 else {
            groups = []
            return
        }
        // The fewest groups whose every k leaves room for the most parity the group can need:
        // N pages' worth of codes, or the redundancy's share.
        let pageBound = survivePages * codesPerPage
        var largestGroup = Self.maximumGroupCodes - 1
        while largestGroup > 1 && largestGroup + max(pageBound, Self.parityForShare(redundancy, dataCodes: largestGroup), 1) > Self.maximumGroupCodes {
            largestGroup -= 1
        }
        let groupCount = (dataCodes + largestGroup - 1) / largestGroup
        var sizes: [Int] = (0..<groupCount).map { dataCodes / groupCount + ($0 < dataCodes % groupCount ? 1 : 0) }
        sizes.removeAll { $0 == 0 }
        let firsts = sizes.indices.map { sizes[..<$0].reduce(0, +) }
        var parity = sizes.map { max(1, Self.parityForShare(redundancy, dataCodes: $0)) }
        // Raise each group's parity to what its N worst pages hold, until no group needs more.
        // Parity only grows and never past N · codesPerPage, so this ends.
        while true {
            let candidate = zip(zip(firsts, sizes), parity).map { Group(firstDataCode: $0.0, dataCodes: $0.1, parityCodes: $1) }
            let layout = Self.pageCounts(groups: candidate, dataCodes: dataCodes, codesPerPage: codesPerPage)
            let needed = layout.map { Self.worst(survivePages, of: $0) }
            if zip(parity, needed).allSatisfy({ $0 >= $1 }) {
                groups = candidate
                return
            }
            parity = zip(parity, needed).map { max($0, $1) }
        }
    }

    /// Parity codes in all groups.
    public var parityCodes: Int { groups.reduce(0) { $0 + $1.parityCodes } }
    /// Data and parity codes.
    public var totalCodes: Int { dataCodes + parityCodes }
    public var pageCount: Int { (totalCodes + codesPerPage - 1) / codesPerPage }

    /// The page (from 0) of a code by its place in print order: data code i at i, parity code p at dataCodes + p.
    public func page(ofCodeAt position: Int) -> Int { position / codesPerPage }

    /// The most whole pages of which any may be lost, as laid out (at least what was asked).
    public var survivablePages: Int {
        guard !groups.isEmpty else { return 0 }
        let layout = Self.pageCounts(groups: groups, dataCodes: dataCodes, codesPerPage: codesPerPage)
        return (0...pageCount).last { n in zip(groups, layout).allSatisfy { Self.worst(n, of: $1) <= $0.parityCodes } } ?? 0
    }

    /// Any this many codes may be lost, wherever they are: the smallest group's parity.
    public var survivableCodes: Int { groups.map(\.parityCodes).min() ?? 0 }

    /// Whether a backup missing exactly these pages (from 0) can be restored.
    public func survives(losingPages lost: Set<Int>) -> Bool {
        let layout = Self.pageCounts(groups: groups, dataCodes: dataCodes, codesPerPage: codesPerPage)
        if groups.isEmpty { return lost.allSatisfy { $0 >= pageCount } }
        return zip(groups, layout).allSatisfy { group, pages in
            lost.reduce(0) { $0 + (pages[$1] ?? 0) } <= group.parityCodes
        }
    }

    /// Smallest m with m ≥ share · (k + m): any `share` of the group's codes may then be lost.
    static func parityForShare(_ share: Double, dataCodes k: Int) -> Int {
        guard share > 0 else { return 0 }
        // The tolerance keeps 20% of 8 at 2 codes, not 3 from 2.0000000000000004.
        return Int((share * Double(k) / (1 - share) - 1e-9).rounded(.up))
    }

    /// For each group, how many of its codes (data and parity) each page holds.
    static func pageCounts(groups: [Group], dataCodes: Int, codesPerPage: Int) -> [[Int: Int]] {
        var parityStart = dataCodes
        return groups.map { group in
            var pages: [Int: Int] = [:]
            for position in group.firstDataCode..<(group.firstDataCode + group.dataCodes) { pages[position / codesPerPage, default: 0] += 1 }
            for position in parityStart..<(parityStart + group.parityCodes) { pages[position / codesPerPage, default: 0] += 1 }
            parityStart += group.parityCodes
            return pages
        }
    }

    /// The codes of a group on the `n` pages that hold most of them.
    static func worst(_ n: Int, of pages: [Int: Int]) -> Int {
        pages.values.sorted(by: >).prefix(n).reduce(0, +)
    }
}
