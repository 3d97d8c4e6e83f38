import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrQR
import SeqrStore

extension NotesCommand {
    /// Prints a paper emergency kit (docs/formats/notes.md, "Paper emergency kit").
    struct Kit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "kit",
            abstract: "Print a paper emergency kit: K-of-N key sheets that sign in and read every note without the password.",
            discussion: """
            A random kit key is split into SLIP-0039 key sheets (a QR code and 33 words each, plus a \
            small code naming the server and account); the kit key wraps the account key, and the server \
            keeps that wrapped copy and the kit's sign-in verifier, never the kit key. Any K sheets let an \
            heir or the owner sign in, read every note and set a new password (`seqr notes recover`); \
            fewer tell nothing. Printing a new kit revokes the old one. Print the PDF, hand the sheets \
            to different people or places, and delete the file: K sheets ARE the account.

              seqr notes kit --shares 3-of-5 -o kit.pdf
            """)

        @Option(help: "How many sheets recover, of how many printed: K-of-N, 2 ≤ K ≤ N ≤ 16.") var shares: KeySheetSplit
        @Option(name: .shortAndLong, help: "The PDF to write, one sheet a page (created 0600).") var output: String
        @Option(help: "Paper size: a4 or letter.") var paper: VaultPrintout.Paper = .a4
        @Flag(help: "Replace the output file if it exists.") var force = false
        @OptionGroup var options: NotesOptions

        struct Output: Encodable {
            var file: String
            var threshold: Int
            var count: Int
            var kitID: Int
            var printedAt: Date
        }

        func run() async throws {
            guard (2...16).contains(shares.threshold), (shares.threshold...16).contains(shares.count) else {
                throw CLIError("--shares must be K-of-N with 2 ≤ K ≤ N ≤ 16", status: .usage)
            }
            guard output != FileWriter.standardOutput else { throw CLIError("-o needs a file: the kit is a PDF of several pages", status: .usage) }
            // Before the password: an output that cannot be written is said first.
            if !force && FileManager.default.fileExists(atPath: output) {
                throw CLIError("\(output): exists; give --force to replace it", status: .cannotCreate)
            }
            let (signedIn, signedInClient) = try options.signedIn()
            let (cipher, session, client) = try await options.verifiedCipher(signedIn, signedInClient)
            guard let accountKey = cipher.accountKey else {
                throw CLIError("this server keeps no account key for the account, so no kit can unlock it; nothing was printed", status: .unavailable)
            }
            let keys = try cipher.accountKeys(session.kdf)
            let kitKey = NotesKitKey.random()
            let sheets = try KeySheets.split(secret: kitKey.bytes, threshold: shares.threshold, count: shares.count)
            let account = try NotesKitAccountCode(server: session.server, username: session.username, kit: kitKey)
            let printedAt = Date()
            let pages = sheets.map { Self.printout($0, count: shares.count, account: account, paper: paper, date: printedAt) }
            let pdf = try KeySheetPrintout.pdfData(of: pages)
            // Written first, stored second: if the server refuses, the file is removed and the old kit still works;
            // the other order could revoke the old kit with no new one on paper.
            try FileWriter.write(pdf, to: output, mode: .ownerOnly, overwrite: force)
            do {
                _ = try await client.replaceKit(NotesAPI.ReplaceKitRequest(authKey: keys.authenticationToken,
                                                                           kit: kitKey.unlockMethod(for: accountKey, username: session.username)))
            } catch {
                try? FileManager.default.removeItem(atPath: output)
                if case ServerClientError.server(_, "wrong_credentials", _) = error { throw NotesOptions.wrongPassword }
                throw notesFailure(error)
            }
            let identifier = sheets[0].identifier
            if options.json {
                return try JSONOutput.print(Output(file: output, threshold: shares.threshold, count: shares.count, kitID: identifier, printedAt: printedAt))
            }
            print("wrote a \(shares.threshold)-of-\(shares.count) kit to \(output) (kit id \(identifier)); any older kit no longer works")
            StandardStreams.status("print it, give the sheets to different people or places, then delete \(output): any \(shares.threshold) sheets are the account")
        }

        /// One sheet: the share's code and words, the account code beside it, and how to recover.
        static func printout(_ share: KeyShare, count: Int, account: NotesKitAccountCode, paper: VaultPrintout.Paper, date: Date) -> KeySheetPrintout {
            let k = share.memberThreshold
            var sheet = KeySheetPrintout(share: share, count: count, title: "\(account.username)” at “\(account.server)", needsPassword: false,
                                         paper: paper, date: date)
            sheet.sheetName = "Kit sheet"
            sheet.heading = "Seqr notes emergency kit"
            sheet.identifierName = "kit id"
            sheet.restoreProgramPrinted = false
            sheet.secondCode = (Data(account.serialized()), "server and account")
            sheet.customInstructions = [
                "Any \(k) of the \(count) kit sheets sign in to the notes account “\(account.username)” at \(account.server)",
                "and read every note, with no password; fewer than \(k) tell nothing. Whoever holds \(k) holds the account.",
                "Keep this sheet apart from the other sheets. A newer kit revokes this one: its sheets are then refused.",
                "To recover: seqr notes recover --sheet <photo or PDF of this sheet> --sheet … (then a new password is set).",
                "If the code is damaged: seqr notes recover --words --server \(account.server) --username \(account.username)",
                "and type each sheet's \(share.words.count) words on a line. The last 3 words are a checksum: a mistyped word is named.",
                "Format: a SLIP-0039 share (one group, \(k) of \(count), empty passphrase); docs/formats/notes.md, Paper emergency kit.",
            ]
            return sheet
        }
    }
}

extension NotesKitError: ExitStatusReporting {
    public var exitStatus: ExitStatus {
        switch self {
        // The kit was refused (revoked), or its wrapped key does not open under it.
        case .kitNotOnAccount, .wrappedKeyDoesNotOpen: .noPermission
        default: .dataError
        }
    }
}
