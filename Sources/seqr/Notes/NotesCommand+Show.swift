import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrStore

extension NotesCommand {
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Decrypt and print one note.")

        @Argument(help: "The note's id, a unique prefix of it, or its title.") var id: String
        @OptionGroup var options: NotesOptions

        func run() async throws {
            let (session, client) = try options.signedIn()
            let notes = try await withNotesErrors { try await client.notes() }
            let cipher = try await options.readingCipher(password: try options.passwordOptions.source.read(confirm: false), session: session, client: client)
            let (note, plain) = try find(in: notes, cipher: cipher, session: session)
            if options.json {
                try JSONOutput.print(NoteOutput(note, plain, showingInfo: true))
            } else {
                print(DisplayName.escaped(plain.title))
                print(plain.info)
            }
        }

        /// By id or id prefix; else by title (titles are encrypted, so every note is opened to look).
        private func find(in notes: [NotesAPI.Note], cipher: NoteCipher, session: NotesSession) throws -> (NotesAPI.Note, NotePlaintext) {
            if notes.contains(where: { $0.id.uuidString.lowercased().hasPrefix(id.lowercased()) }) || notes.isEmpty {
                let note = try findNote(id, in: notes)
                return (note, try options.openAll([note], with: cipher, session: session)[0])
            }
            let opened = try options.open(notes, with: cipher, session: session).compactMap { note, result in (try? result.get()).map { (note, $0) } }
            let exact = opened.filter { $0.1.title == id }
            let matches = exact.isEmpty ? opened.filter { $0.1.title.compare(id, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame } : exact
            guard let first = matches.first else { throw CLIError("no note with the id or title \(DisplayName.escaped(id)) (see `seqr notes list`)") }
            guard matches.count == 1 else {
                throw CLIError("\(matches.count) notes are titled \(DisplayName.escaped(id)): give the id (\(matches.map { String($0.0.shortID) }.joined(separator: ", ")))")
            }
            return first
        }
    }
}
