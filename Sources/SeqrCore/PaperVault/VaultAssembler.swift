import Crypto

/// Collects scanned QR payloads in any order and rebuilds the message buffer
/// (PaperVault transport steps 1–6): duplicates are fine, other QR codes are ignored,
/// and what is missing or wrong is reported precisely.
public struct VaultAssembler: Sendable {
    /// What happened to one scanned payload.
    public enum Outcome: Equatable, Sendable {
        case added(codeNumber: Int)
        case duplicate(codeNumber: Int)
        /// Not a vault code (a URL, text, a damaged code): ignored.
        case ignored(PaperVaultError)
    }

    private struct Backup: Sendable {
        var totalCodes: Int
        var codesPerPage: Int
        var payloads: [Int: [UInt8]] = [:]
        var conflicts: Set<Int> = []
        var inconsistentTotal = false
    }

    /// Codes seen, by document digest; more than one digest means mixed backups.
    private var backups: [[UInt8]: Backup] = [:]
    private var firstDigest: [UInt8]?

    public init() {}

    @discardableResult
    public mutating func add(_ scanned: [UInt8]) -> Outcome {
        let code: VaultCode
        do {
            code = try VaultCode(parsing: scanned)
        } catch {
            return .ignored(error)
        }
        let digest = code.header.documentDigest
        let number = Int(code.header.codeNumber)
        if firstDigest == nil { firstDigest = digest }
        var backup = backups[digest] ?? Backup(
            totalCodes: Int(code.header.totalCodes), codesPerPage: Int(code.header.rows) * Int(code.header.columns))
        defer { backups[digest] = backup }
        if Int(code.header.totalCodes) != backup.totalCodes { backup.inconsistentTotal = true }
        if let existing = backup.payloads[number] {
            if existing != code.payload { backup.conflicts.insert(number) }
            return .duplicate(codeNumber: number)
        }
        backup.payloads[number] = code.payload
        return .added(codeNumber: number)
    }

    /// Total codes of the backup being scanned, once one of its codes was seen.
    public var totalCodes: Int? { current?.totalCodes }

    /// Codes on a full page, from the headers' rows and columns (0 when unknown).
    public var codesPerPage: Int? { current?.codesPerPage }

    /// Distinct codes of the backup found so far.
    public var foundCodes: Int { current?.payloads.count ?? 0 }

    /// Code numbers not yet seen, counted from 1 as they are printed.
    public var missingCodes: [Int] {
        guard let current else { return [] }
        return (0..<current.totalCodes).filter { current.payloads[$0] == nil }.map { $0 + 1 }
    }

    public var isComplete: Bool { totalCodes != nil && missingCodes.isEmpty }

    /// The number of different backups seen (more than one is an error at the end).
    public var backupCount: Int { backups.count }

    private var current: Backup? { firstDigest.flatMap { backups[$0] } }

    /// The message buffer, after checking that exactly one backup was scanned, that every
    /// code is there and that their payloads hash to the document digest.
    public func messageBuffer() throws(PaperVaultError) -> [UInt8] {
        guard let digest = firstDigest, let backup = backups[digest] else { throw .noCodes }
        guard backups.count == 1 else { throw .mixedDocuments(count: backups.count) }
        if backup.inconsistentTotal { throw .inconsistentTotals }
        if let conflict = backup.conflicts.min() { throw .conflictingCodes(codeNumber: conflict) }
        let missing = missingCodes
        guard missing.isEmpty else { throw .missingCodes(missing, total: backup.totalCodes) }
        let message = (0..<backup.totalCodes).flatMap { backup.payloads[$0]! }
        guard Array(SHA256.hash(data: message)) == digest else { throw .digestMismatch }
        return message
    }
}
