import ArgumentParser
import SeqrCLISupport
import SeqrCore

/// What a backup must survive, and how large it may get (`seqr vault backup`).
struct VaultPlanOptions: ParsableArguments {
    @Option(name: .customLong("survive-pages"), help: ArgumentHelp(
        "Any this many whole pages may be lost: parity codes are added and laid out so that it holds (default: 1 for a backup of more than one page, else 0).",
        valueName: "n"))
    var survivePages: Int?

    @Option(help: ArgumentHelp(
        "Also: any this share of each parity group's codes (data and parity; one group up to 255 codes) may be lost, e.g. 40%. At most 90%.",
        valueName: "percent"))
    var redundancy: String = "0%"

    @Option(name: .customLong("max-pages"), help: "Refuse, before encrypting, a backup estimated at more pages than this.")
    var maxPages: Int = 50

    /// The codes a page holds; one grid for A4 and Letter (see `Backup.grid(for:)`).
    static let codesPerPage = 6

    func validate() throws {
        let most = VaultParityPlan.maximumSurvivablePages(codesPerPage: Self.codesPerPage)
        if let survivePages, !(0...most).contains(survivePages) {
            throw ValidationError("--survive-pages must be between 0 and \(most)")
        }
        guard let share = Self.percentage(redundancy), share >= 0, share <= VaultParityPlan.maximumRedundancy else {
            throw ValidationError("--redundancy must be a percentage from 0% to 90%, like 25%")
        }
        guard maxPages >= 1 else { throw ValidationError("--max-pages must be at least 1") }
    }

    /// "25%" or "25" → 0.25.
    static func percentage(_ text: String) -> Double? {
        let number = text.hasSuffix("%") ? String(text.dropLast()) : text
        return Double(number).map { $0 / 100 }
    }

    /// Sets what to survive on the library's options.
    func apply(to options: inout PaperVault.Options) {
        options.survivePages = survivePages
        options.redundancy = Self.percentage(redundancy) ?? 0
    }

    /// Refuses, before the password and the KDF, a document over `--max-pages` or too large to restore.
    func refuseTooLarge(_ document: VaultDocument, file: String, options: PaperVault.Options) throws(CLIError) {
        guard document.serializedLength <= VaultBody.maximumDocumentSize else {
            throw CLIError("\(file): larger than \(VaultBody.maximumDocumentSize / (1024 * 1024)) MiB, which a restore refuses to unpack")
        }
        let pages = PaperVault.estimatedPages(document, options: options, limit: maxPages)
        if pages > maxPages {
            throw CLIError("\(file): the backup would take about \(pages) pages, more than --max-pages \(maxPages); give --max-pages \(pages) to print it anyway")
        }
    }

    /// "any 1 page (of 4) or any 6 codes (of 24)"; nil when the backup survives no loss.
    static func promise(_ plan: VaultParityPlan) -> String? {
        guard plan.survivableCodes > 0 else { return nil }
        let pages = plan.survivablePages
        let pagesPart = pages > 0 ? "any \(pages) whole page\(pages == 1 ? "" : "s") or " : ""
        return "\(pagesPart)any \(plan.survivableCodes) code\(plan.survivableCodes == 1 ? "" : "s") may be lost"
    }
}
