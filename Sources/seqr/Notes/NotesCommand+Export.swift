import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrStore

extension NotesCommand {
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export", abstract: "Save all your notes to one file, encrypted with your password (SQNX, docs/formats/notes.md).",
            discussion: """
            --format onions writes a Parse export of the Onions app's `Onion` class instead, each field \
            sealed as the app did (docs/formats/onions.md): a compatibility format whose key (PBKDF2, \
            10,000 rounds, a non-ASCII password cut short) is far weaker than Seqr's own.
            """)

        enum Format: String, ExpressibleByArgument, CaseIterable { case seqr, onions }

        @Option(name: .shortAndLong, help: "The export file to write (- for standard output).") var output: String
        @Flag(help: "Replace the file if it exists.") var force = false
        @Option(help: "seqr (an SQNX file, the default) or onions (a Parse export the Onions app's format holds).") var format: Format = .seqr
        @OptionGroup var options: NotesOptions

        var toStandardOutput: Bool { output == "-" }

        func validate() throws {
            if toStandardOutput && options.json { throw ValidationError("--json cannot be combined with -o - (both write standard output)") }
        }

        func run() async throws {
            if !toStandardOutput {
                guard force || !FileManager.default.fileExists(atPath: output) else { throw CLIError("\(output) exists (use --force to replace it)", status: .cannotCreate) }
                try FileWriter.checkWritable(output)
            }
            let (session, client) = try options.signedIn()
            let notes = try await withNotesErrors { try await client.notes() }
            let password = try options.passwordOptions.source.read(confirm: false)
            let cipher = try await options.readingCipher(password: password, session: session, client: client)
            let opened = try options.openAll(notes, with: cipher, session: session)
            if format == .onions {
                StandardStreams.warn("writing the Onions format: its key is much weaker than Seqr's (PBKDF2, 10,000 rounds)")
                let onions = zip(notes, opened).map { note, plain in
                    OnionsExport.Note(objectID: String(note.id.uuidString.lowercased().prefix(10)), title: plain.title, info: plain.info, created: note.createdAt)
                }
                try save(OnionsExport.serialized(onions, password: password, username: session.username))
                if options.json { try JSONOutput.print(["exported": onions.count]); return }
                report("exported \(onions.count) note\(onions.count == 1 ? "" : "s") to \(destination) (Onions format)")
                return
            }
            let entries = zip(notes, opened).map { note, plain in
                NotesExportFile.Entry(title: plain.title, info: plain.info, format: note.format, id: note.id)
            }
            let file = NotesExportFile.seal(.init(username: session.username, exported: Date(), notes: entries), password: password)
            try save(file)
            if options.json { try JSONOutput.print(["exported": entries.count]); return }
            report("exported \(entries.count) note\(entries.count == 1 ? "" : "s") to \(destination)")
        }

        private var destination: String { toStandardOutput ? "standard output" : output }

        private func save(_ data: Data) throws {
            if toStandardOutput { StandardStreams.write(data) } else { try FileWriter.write(data, to: output) }
        }

        /// The summary goes to standard error when standard output carries the export.
        private func report(_ line: String) {
            if toStandardOutput { StandardStreams.warn(line) } else { print(line) }
        }
    }
}
