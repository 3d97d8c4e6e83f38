import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrQR
import SeqrStore

extension NotesCommand {
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import", abstract: "Add the notes of an export file to your account, as new notes.",
            discussion: """
            --from seqr (the default) reads a file from `seqr notes export`, opened with its export \
            password (--export-password-file or SEQR_EXPORT_PASSWORD; else the account password, and \
            when that does not open it — an export made before `seqr notes passwd` — the export \
            password is asked for); --from onions reads a Parse export of the Onions app's notes \
            (docs/formats/onions.md), opened with the Onions password (--onions-password-file or \
            SEQR_ONIONS_PASSWORD, else the account password). The account password is checked before \
            the file is opened, and every note is \
            stored re-encrypted with Seqr's own note encryption. A note already in the account (the same \
            id, or the same title and text) is skipped and counted, so an import run twice adds nothing twice. If any note does not open, nothing is \
            uploaded unless --skip-bad is given. --dry-run decrypts and prints what would be imported, \
            without a server or an account.

            Example: seqr notes import --from onions Onion.json --dry-run --json
            """)

        enum Source: String, ExpressibleByArgument, CaseIterable { case seqr, onions }

        @Argument(help: "The export file (- for standard input).") var file: String
        @Option(help: "The export's format: seqr or onions.") var from: Source = .seqr
        @Option(name: .customLong("onions-password-file"), help: "The Onions password, first line of this file (SEQR_ONIONS_PASSWORD works too; default: the account password).")
        var onionsPasswordFile: String?
        @Option(name: .customLong("export-password-file"), help: "The password the seqr export was made with, first line of this file (SEQR_EXPORT_PASSWORD works too; default: the account password).")
        var exportPasswordFile: String?
        @Flag(name: .customLong("dry-run"), help: "Decrypt and print the notes; upload nothing (no server or account needed).") var dryRun = false
        @Flag(name: .customLong("skip-bad"), help: "Import the notes that open, and report the others.") var skipBad = false
        @OptionGroup var options: NotesOptions

        /// A note of the file, ready to seal, with the export's id for reports.
        struct Entry: Encodable {
            let objectId: String?
            /// The note's id in the account a seqr export came from; not printed (`--dry-run --json` lists what the file holds).
            var id: UUID? = nil
            let title: String
            let info: String
            let createdAt: Date?

            enum CodingKeys: String, CodingKey { case objectId, title, info, createdAt }
        }

        func run() async throws {
            let data = file == "-" ? StandardStreams.readAllInput() : try ImageFile.readBytes(file)
            // The account password first: notes sealed under a mistyped one could never be opened.
            let account = dryRun ? nil : try options.signedIn()
            var checked: (NoteCipher, NotesSession, ServerClient)?
            if let (session, client) = account { checked = try await options.verifiedCipher(session, client) }
            let entries: [Entry]
            switch from {
            case .seqr: entries = try seqrEntries(data)
            case .onions: entries = try onionsEntries(data)
            }
            guard let (cipher, session, client) = checked else {
                if options.json { return try JSONOutput.print(entries) }
                for entry in entries { print("\(entry.objectId.map { "\(DisplayName.escaped($0))  " } ?? "")\(DisplayName.escaped(entry.title))") }
                print("\(entries.count) note\(entries.count == 1 ? "" : "s") would be imported (dry run: nothing uploaded)")
                return
            }
            // A note already in the account (the same id, or the same title and text) is skipped, so
            // importing one file twice, or into the account it came from, adds nothing twice.
            let stored = try await withNotesErrors { try await client.notes() }
            let presentIDs = Set(stored.map(\.id))
            var presentTexts = Set(try options.open(stored, with: cipher, session: session).compactMap { try? $0.1.get() }.map { [$0.title, $0.info] })
            var added = 0, skipped = 0
            for entry in entries {
                if entry.id.map(presentIDs.contains) == true || presentTexts.contains([entry.title, entry.info]) {
                    skipped += 1
                    continue
                }
                presentTexts.insert([entry.title, entry.info])
                // Imported notes are stored as seqr-aead-v1 whatever format they were exported from.
                let sealed = try cipher.seal(NotePlaintext(unchecked: entry.title, info: entry.info), noteVersion: 1, account: session.kdf)
                do {
                    _ = try await client.create(sealed)
                    try options.rememberWritten([(sealed.id, 1)], session: session)
                    added += 1
                } catch {
                    throw CLIError("\(notesFailure(error)) — \(added) of \(entries.count) notes imported before this", status: (notesFailure(error) as? CLIError)?.status ?? .unavailable)
                }
            }
            if options.json { try JSONOutput.print(["imported": added, "skipped": skipped]); return }
            print("imported \(added) note\(added == 1 ? "" : "s") from \(file)"
                  + (skipped == 0 ? "" : "; skipped \(skipped) already in the account (the same id, or the same title and text)"))
        }

        /// The notes of a `seqr notes export` file. Its password is the one given for it, else the
        /// account password; an export made before a password change is opened with the old one,
        /// asked for on the terminal.
        func seqrEntries(_ data: Data) throws -> [Entry] {
            let exportSource = SecretSource.exportPassword(file: exportPasswordFile)
            let contents: NotesExportFile.Contents
            if exportSource.isGiven {
                contents = try NotesExportFile.open(data, password: exportSource.read(confirm: false))
            } else {
                do {
                    contents = try NotesExportFile.open(data, password: options.passwordOptions.source.read(confirm: false))
                } catch NotesError.exportWrongPasswordOrDamaged {
                    guard let asked = try exportSource.readIfGiven(confirm: false) else {
                        throw CLIError("the export does not open with the account password: give the password it was made with (--export-password-file or SEQR_EXPORT_PASSWORD), or the file was changed", status: .noPermission)
                    }
                    contents = try NotesExportFile.open(data, password: asked)
                }
            }
            return contents.notes.map { Entry(objectId: nil, id: $0.id, title: $0.title, info: $0.info, createdAt: nil) }
        }

        /// The notes of a Parse export that open with the Onions password and fit Seqr's limits;
        /// the others are named by object id, and stop the import unless --skip-bad. The export's
        /// size and count are checked first (`OnionsExport`); notes are opened one at a time with a
        /// progress bar, and a note that does not open before any did stops at once: the password
        /// is then wrong, and every other note would cost its key derivations for nothing.
        func onionsEntries(_ data: Data) throws -> [Entry] {
            let export = try OnionsExport(parsing: data)
            let onionsSource = SecretSource(name: "Onions password", file: onionsPasswordFile, fileOption: "--onions-password-file",
                                            environmentVariable: "SEQR_ONIONS_PASSWORD")
            let password = try onionsSource.readIfGiven(confirm: false) ?? options.passwordOptions.source.read(confirm: false)
            var entries: [Entry] = []
            var bad: [(id: String, why: String)] = []
            let bar = ProgressBar("opening notes", total: export.objects.count, enabled: !options.json && ProgressBar.standardErrorIsTerminal)
            defer { bar.clear() }
            for (index, object) in export.objects.enumerated() {
                bar.update(index, total: export.objects.count)
                let id = object.objectID, result = OnionsExport.open(object, password: password)
                if case .failure(.onionsAuthenticationFailed) = result, entries.isEmpty {
                    bar.clear()
                    throw CLIError("\(DisplayName.escaped(id)): \(NotesError.onionsAuthenticationFailed) — the first note does not open, so the password is wrong (or that note is damaged); nothing imported, \(export.objects.count - index - 1) notes not tried")
                }
                do {
                    let note = try result.get()
                    _ = try NotePlaintext(title: note.title, info: note.info)  // Seqr's limits, before anything is uploaded
                    entries.append(Entry(objectId: id, title: note.title, info: note.info, createdAt: note.created))
                } catch {
                    bad.append((id, "\(error)"))
                }
            }
            guard !bad.isEmpty else { return entries }
            for (id, why) in bad { StandardStreams.warn("\(DisplayName.escaped(id)): \(why)") }
            guard skipBad else {
                throw CLIError("\(bad.count) of \(export.objects.count) notes do not open or do not fit; nothing imported (--skip-bad imports the other \(entries.count))")
            }
            return entries
        }
    }
}
