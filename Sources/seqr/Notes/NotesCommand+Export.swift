import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrStore

extension NotesCommand {
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export", abstract: "Save all your notes to one file, encrypted with your password (SQNX, docs/formats/notes.md).")

        @Option(name: .shortAndLong, help: "The export file to write.") var output: String
        @Flag(help: "Replace the file if it exists.") var force = false
        @OptionGroup var options: NotesOptions

        func run() async throws {
            guard force || !FileManager.default.fileExists(atPath: output) else { throw CLIError("\(output) exists (use --force to replace it)") }
            let (session, client) = try options.signedIn()
            let notes = try await withNotesErrors { try await client.notes() }
            let password = try options.passwordOptions.source.read(confirm: false)
            let cipher = NoteCipher(password: password)
            let entries = try zip(notes, options.openAll(notes, with: cipher, session: session)).map { note, plain in
                NotesExportFile.Entry(title: plain.title, info: plain.info, format: note.format)
            }
            let file = try NotesExportFile.seal(.init(username: session.username, exported: Date(), notes: entries), password: password)
            try FileWriter.write(file, to: output)
            if options.json { try JSONOutput.print(["exported": entries.count]); return }
            print("exported \(entries.count) note\(entries.count == 1 ? "" : "s") to \(output)")
        }
    }
}
