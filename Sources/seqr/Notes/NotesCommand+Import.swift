import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrStore

extension NotesCommand {
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import", abstract: "Add the notes of an export file to your account, as new notes.")

        @Argument(help: "The export file.") var file: String
        @OptionGroup var options: NotesOptions

        func run() async throws {
            guard let data = FileManager.default.contents(atPath: file) else { throw CLIError("\(file): cannot read the file") }
            let (session, client) = try options.signedIn()
            let password = try options.passwordOptions.source.read(confirm: false)
            let contents = try NotesExportFile.open(data, password: password)
            let cipher = NoteCipher(password: password)
            var added = 0
            for entry in contents.notes {
                // Imported notes are stored as seqr-aead-v1 whatever format they were exported from.
                let sealed = try cipher.seal(NotePlaintext(unchecked: entry.title, info: entry.info), noteVersion: 1, account: session.kdf)
                do {
                    _ = try await client.create(sealed)
                    try options.rememberWritten([(sealed.id, 1)], session: session)
                    added += 1
                } catch {
                    throw CLIError("\(notesFailure(error)) — \(added) of \(contents.notes.count) notes imported before this")
                }
            }
            if options.json { try JSONOutput.print(["imported": added]); return }
            print("imported \(added) note\(added == 1 ? "" : "s") from \(file)")
        }
    }
}
