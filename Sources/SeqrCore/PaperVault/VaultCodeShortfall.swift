/// What a restore with parity codes still lacks: how many more codes it needs, and where they
/// were printed. Each parity group needs k of its k + m codes, data or parity alike, so a group
/// missing `lost` data codes with `found` parity codes needs max(0, lost − found) more of its
/// missing codes; a missing code whose group's parity was never seen is needed itself. The sum
/// is exact.
public struct VaultCodeShortfall: Equatable, Sendable {
    /// More codes (any of the missing ones of the groups that lack them) that would complete the backup.
    public var needed: Int
    public var foundCodes: Int
    public var totalCodes: Int
    public var foundParityCodes: Int
    /// Known once parity codes of every group were seen (each tells its group's size).
    public var totalParityCodes: Int?
    /// Data codes not scanned, counted from 1 as printed.
    public var missingCodes: [Int]
    /// Pages (from 1, in Seqr's layout: codes in order, data then parity) of which no code was read.
    public var unreadPages: [Int]
    /// Pages of which some codes but not all were read.
    public var partlyReadPages: [Int]

    /// What a restore lacks.
    public init(needed: Int, foundCodes: Int, totalCodes: Int, foundParityCodes: Int, totalParityCodes: Int?,
                missingCodes: [Int], unreadPages: [Int], partlyReadPages: [Int]) {
        self.needed = needed
        self.foundCodes = foundCodes
        self.totalCodes = totalCodes
        self.foundParityCodes = foundParityCodes
        self.totalParityCodes = totalParityCodes
        self.missingCodes = missingCodes
        self.unreadPages = unreadPages
        self.partlyReadPages = partlyReadPages
    }

    public var description: String {
        let parity = totalParityCodes.map { "\(foundParityCodes) of \($0)" } ?? "\(foundParityCodes)"
        var text = "\(foundCodes) of \(totalCodes) codes and \(parity) parity codes found; \(needed) more code\(needed == 1 ? "" : "s") needed"
        text += " (any of the missing ones: code\(missingCodes.count == 1 ? "" : "s") \(PaperVaultError.ranges(missingCodes)) or their parity)"
        if !unreadPages.isEmpty { text += "; page\(unreadPages.count == 1 ? "" : "s") \(PaperVaultError.ranges(unreadPages)) not read" }
        if !partlyReadPages.isEmpty { text += "; page\(partlyReadPages.count == 1 ? "" : "s") \(PaperVaultError.ranges(partlyReadPages)) read in part" }
        return text
    }
}
