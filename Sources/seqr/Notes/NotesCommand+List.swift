import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrStore

extension NotesCommand {
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Decrypt and list the titles of your notes.")

        @OptionGroup var options: NotesOptions

        func run() async throws {
            let (session, client) = try options.signedIn()
            let notes = try await withNotesErrors { try await client.notes() }
            let cipher = NoteCipher(password: notes.isEmpty ? "" : try options.passwordOptions.source.read(confirm: false))
            // One damaged note must not hide the others: show what opens, then report the rest.
            var opened: [(NotesAPI.Note, NotePlaintext)] = [], failed: [(NotesAPI.Note, Error)] = []
            for (note, result) in try options.open(notes, with: cipher, session: session) {
                switch result {
                case .success(let plain): opened.append((note, plain))
                case .failure(let error): failed.append((note, error))
                }
            }
            if let first = failed.first, opened.isEmpty { throw first.1 }
            if options.json {
                try JSONOutput.print(opened.map { NoteOutput($0.0, $0.1, showingInfo: true) })
            } else {
                if opened.isEmpty { print("no notes") }
                for (note, plain) in opened {
                    print("\(note.shortID)  \(DisplayName.escaped(plain.title))  (v\(note.version)\(note.format == .rncryptor ? ", rncryptor" : ""))")
                }
            }
            for (note, error) in failed {
                StandardStreams.warn("note \(note.shortID) cannot be opened: \(error)")
            }
            let legacy = opened.filter { $0.0.format == .rncryptor }.count
            if legacy > 0 {
                StandardStreams.warn("\(legacy) note\(legacy == 1 ? " is" : "s are") still RNCryptor, whose key is a cheaper password test for the server: `seqr notes passwd` (or an edit) re-seals them")
            }
            if !failed.isEmpty { throw ExitCode(.dataError) }
        }
    }
}
