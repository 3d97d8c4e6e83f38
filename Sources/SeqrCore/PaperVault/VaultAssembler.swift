import Crypto

/// Collects scanned QR payloads in any order and rebuilds the message buffer
/// (PaperVault transport steps 1–6): duplicates are fine, other QR codes are ignored,
/// and what is missing or wrong is reported precisely.
public struct VaultAssembler: Sendable {
    /// What happened to one scanned payload.
    public enum Outcome: Equatable, Sendable {
        case added(codeNumber: Int)
        /// A Seqr parity code (numbered from 0 among the parity codes).
        case addedParity(parityNumber: Int)
        case duplicate(codeNumber: Int)
        /// Not a vault code (a URL, text, a damaged code): ignored.
        case ignored(PaperVaultError)
    }

    private struct Backup: Sendable {
        var totalCodes: Int
        var codesPerPage: Int
        /// By code number as written: the format does not say whether numbers start at 0 or 1.
        var numbered: [Int: [UInt8]] = [:]
        var conflicts: Set<Int> = []
        var inconsistentTotal = false
        var parity: [Int: VaultParityCode] = [:]

        /// The possible first code numbers: 0 when a code carries the number 0, 1 when one
        /// carries `totalCodes` (only a set numbered 1…total has it); while neither has been
        /// seen, both — 0 first (Seqr's own numbering) — and the digest decides.
        var firstNumbers: [Int] {
            switch (numbered[0] != nil, numbered[totalCodes] != nil) {
            case (true, _): [0]
            case (false, true): [1]
            case (false, false): [0, 1]
            }
        }
        /// Both a code 0 and a code `totalCodes`: two numberings mixed.
        var mixesNumberings: Bool { numbered[0] != nil && numbered[totalCodes] != nil }
        /// Payloads by index from 0, for a set numbered from `first`.
        func payloads(first: Int) -> [Int: [UInt8]] {
            Dictionary(uniqueKeysWithValues: numbered.compactMap { number, payload in
                (first..<(first + totalCodes)).contains(number) ? (number - first, payload) : nil
            })
        }
    }

    /// Codes seen, by document digest; more than one digest means mixed backups.
    private var backups: [[UInt8]: Backup] = [:]
    private var firstDigest: [UInt8]?

    /// An empty assembler.
    public init() {}

    /// Adds one scanned payload, in any order: vault codes and parity codes are kept, a repeat or
    /// anything else is ignored. Nothing is trusted here; the message's AEAD checks everything at the end.
    @discardableResult
    public mutating func add(_ scanned: [UInt8]) -> Outcome {
        let header: VaultTransportHeader
        var parity: VaultParityCode?
        var payload: [UInt8] = []
        // The parity reading first: its salted checksum, version byte and group fields make a
        // data code pass it about once in 2^24, while a parity code passes the plain checksum
        // once in 65,536 (a backup from before Seqr refused to print those).
        if let parityCode = try? VaultParityCode(parsing: scanned) {
            header = parityCode.header
            parity = parityCode
        } else {
            do {
                let code = try VaultCode(parsing: scanned)
                header = code.header
                payload = code.payload
            } catch {
                return .ignored(error)
            }
        }
        let digest = header.documentDigest
        let number = Int(header.codeNumber)
        if firstDigest == nil { firstDigest = digest }
        var backup = backups[digest] ?? Backup(totalCodes: Int(header.totalCodes), codesPerPage: Int(header.rows) * Int(header.columns))
        defer { backups[digest] = backup }
        if Int(header.totalCodes) != backup.totalCodes { backup.inconsistentTotal = true }
        if let parity {
            if backup.parity[number] != nil { return .duplicate(codeNumber: number) }
            backup.parity[number] = parity
            return .addedParity(parityNumber: number)
        }
        if let existing = backup.numbered[number] {
            if existing != payload { backup.conflicts.insert(number) }
            return .duplicate(codeNumber: number)
        }
        backup.numbered[number] = payload
        return .added(codeNumber: number)
    }

    /// Total codes of the backup being scanned, once one of its codes was seen.
    public var totalCodes: Int? { current?.totalCodes }

    /// Codes on a full page, from the headers' rows and columns (0 when unknown).
    public var codesPerPage: Int? { current?.codesPerPage }

    /// Distinct codes of the backup found so far.
    public var foundCodes: Int { current?.numbered.count ?? 0 }

    /// Code numbers not yet seen, counted from 1 as they are printed.
    public var missingCodes: [Int] {
        guard let current else { return [] }
        let payloads = current.payloads(first: current.firstNumbers[0])
        return (0..<current.totalCodes).filter { payloads[$0] == nil }.map { $0 + 1 }
    }

    /// True once every data code is there, or the missing ones can be rebuilt from parity codes.
    public var isComplete: Bool {
        guard let current, let digest = firstDigest else { return false }
        let candidates = current.firstNumbers
        // While the numbering is open, "complete" means the digest matches: a set that only looks
        // complete when read the other way must not end the scanning early.
        guard candidates.count == 1 else { return candidates.contains { (try? Self.message(current, first: $0, digest: digest)) != nil } }
        return current.payloads(first: candidates[0]).count == current.totalCodes || Self.recoverableGroups(current, first: candidates[0]) != nil
    }

    /// Parity codes found so far.
    public var foundParityCodes: Int { current?.parity.count ?? 0 }

    /// The parity groups that have missing data codes, with their parity codes, when every
    /// missing code can be rebuilt; nil otherwise.
    private static func recoverableGroups(_ backup: Backup, first: Int) -> [(first: Int, k: Int, m: Int, parity: [VaultParityCode])]? {
        let payloads = backup.payloads(first: first)
        let missing = (0..<backup.totalCodes).filter { payloads[$0] == nil }
        var groups: [Int: (first: Int, k: Int, m: Int, parity: [VaultParityCode])] = [:]
        for code in backup.parity.values {
            groups[code.firstDataCode, default: (code.firstDataCode, code.groupDataCodes, code.groupParityCodes, [])].parity.append(code)
        }
        var needed: [(first: Int, k: Int, m: Int, parity: [VaultParityCode])] = []
        for group in groups.values.sorted(by: { $0.first < $1.first }) {
            let lost = missing.filter { $0 >= group.first && $0 < group.first + group.k }.count
            if lost == 0 { continue }
            if lost > group.parity.count { return nil }
            needed.append(group)
        }
        let covered = Set(needed.flatMap { $0.first..<($0.first + $0.k) })
        return missing.allSatisfy(covered.contains) ? needed : nil
    }

    /// The number of different backups seen (more than one is an error at the end).
    public var backupCount: Int { backups.count }

    private var current: Backup? { firstDigest.flatMap { backups[$0] } }

    /// The message buffer, after checking that exactly one backup was scanned, that every
    /// code is there and that their payloads hash to the document digest.
    public func messageBuffer() throws(PaperVaultError) -> [UInt8] {
        guard let digest = firstDigest, let backup = backups[digest] else { throw .noCodes }
        guard backups.count == 1 else { throw .mixedDocuments(count: backups.count) }
        if backup.inconsistentTotal { throw .inconsistentTotals }
        if let conflict = backup.conflicts.min() { throw .conflictingCodes(codeNumber: conflict - backup.firstNumbers[0]) }
        if backup.mixesNumberings { throw .mixedNumbering }
        var firstFailure: PaperVaultError?
        for first in backup.firstNumbers {
            do throws(PaperVaultError) {
                return try Self.message(backup, first: first, digest: digest)
            } catch {
                firstFailure = firstFailure ?? error
            }
        }
        throw firstFailure!
    }

    /// The message of a set numbered from `first`, rebuilding lost codes from parity.
    private static func message(_ backup: Backup, first: Int, digest: [UInt8]) throws(PaperVaultError) -> [UInt8] {
        var payloads = backup.payloads(first: first)
        let missing = (0..<backup.totalCodes).filter { payloads[$0] == nil }.map { $0 + 1 }
        if !missing.isEmpty {
            guard let groups = recoverableGroups(backup, first: first) else {
                if backup.parity.isEmpty { throw .missingCodes(missing, total: backup.totalCodes) }
                throw .tooFewCodes(shortfall(backup, payloads: payloads))
            }
            for group in groups { try rebuild(group, into: &payloads, totalCodes: backup.totalCodes) }
        }
        let message = (0..<backup.totalCodes).flatMap { payloads[$0]! }
        guard Array(SHA256.hash(data: message)) == digest else { throw .digestMismatch }
        return message
    }

    /// How many more codes a set with parity needs, and the pages (Seqr's layout) they were on.
    private static func shortfall(_ backup: Backup, payloads: [Int: [UInt8]]) -> VaultCodeShortfall {
        let total = backup.totalCodes
        let missing = (0..<total).filter { payloads[$0] == nil }
        var groups: [Int: (k: Int, m: Int, found: Int)] = [:]
        for code in backup.parity.values {
            groups[code.firstDataCode, default: (code.groupDataCodes, code.groupParityCodes, 0)].found += 1
        }
        var needed = 0
        var covered = Set<Int>()
        for (first, group) in groups {
            let lost = missing.filter { $0 >= first && $0 < first + group.k }.count
            needed += max(0, lost - group.found)
            covered.formUnion(first..<(first + group.k))
        }
        needed += missing.filter { !covered.contains($0) }.count
        // The parity total is known when the groups seen tile every data code.
        var next = 0
        for (first, group) in groups.sorted(by: { $0.key < $1.key }) where first == next { next += group.k }
        let parityTotal = next == total ? groups.values.reduce(0) { $0 + $1.m } : nil

        var unread: [Int] = [], partly: [Int] = []
        if backup.codesPerPage > 0 {
            // Print order: data codes, then parity codes by number.
            let parityKnown = parityTotal ?? ((backup.parity.keys.max() ?? -1) + 1)
            var pages: [Int: (found: Int, all: Int)] = [:]
            for position in 0..<(total + parityKnown) {
                let found = position < total ? payloads[position] != nil : backup.parity[position - total] != nil
                pages[position / backup.codesPerPage, default: (0, 0)].all += 1
                if found { pages[position / backup.codesPerPage]!.found += 1 }
            }
            unread = pages.filter { $0.value.found == 0 }.keys.sorted().map { $0 + 1 }
            partly = pages.filter { $0.value.found > 0 && $0.value.found < $0.value.all }.keys.sorted().map { $0 + 1 }
        }
        return VaultCodeShortfall(needed: needed, foundCodes: total - missing.count, totalCodes: total, foundParityCodes: backup.parity.count,
                                  totalParityCodes: parityTotal, missingCodes: missing.map { $0 + 1 }, unreadPages: unread, partlyReadPages: partly)
    }

    /// Rebuilds a group's missing data codes with Reed–Solomon, trimming a rebuilt last
    /// code to the message length the parity codes record.
    private static func rebuild(_ group: (first: Int, k: Int, m: Int, parity: [VaultParityCode]), into payloads: inout [Int: [UInt8]], totalCodes: Int) throws(PaperVaultError) {
        guard let shardSize = group.parity.first?.shard.count, group.parity.allSatisfy({ $0.shard.count == shardSize }) else { throw .digestMismatch }
        var shards: [[UInt8]?] = (group.first..<(group.first + group.k)).map { index in
            payloads[index].map { $0 + [UInt8](repeating: 0, count: max(0, shardSize - $0.count)) }
        }
        var parityShards = [[UInt8]?](repeating: nil, count: group.m)
        for code in group.parity where code.indexInGroup < group.m { parityShards[code.indexInGroup] = code.shard }
        shards += parityShards
        guard shards.allSatisfy({ $0 == nil || $0!.count == shardSize }) else { throw .digestMismatch }
        let data: [[UInt8]]
        do {
            data = try ErasureCode(dataShards: group.k, parityShards: group.m).reconstruct(shards)
        } catch {
            throw .digestMismatch
        }
        let messageLength = group.parity[0].messageLength
        for offset in 0..<group.k where payloads[group.first + offset] == nil {
            let index = group.first + offset
            if index == totalCodes - 1 {
                let before = (0..<index).reduce(0) { $0 + (payloads[$1]?.count ?? shardSize) }
                let length = messageLength - before
                guard length >= 0, length <= shardSize else { throw .digestMismatch }
                payloads[index] = Array(data[offset].prefix(length))
            } else {
                payloads[index] = data[offset]
            }
        }
    }
}
