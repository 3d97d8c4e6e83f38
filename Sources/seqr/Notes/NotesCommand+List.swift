import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrStore

extension NotesCommand {
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Decrypt and list the titles of your notes.")

        @Option(help: "Only notes whose title contains this text (case and accents ignored).") var search: String?
        @OptionGroup var options: NotesOptions

        func run() async throws {
            let (session, client) = try options.signedIn()
            let notes = try await withNotesErrors { try await client.notes() }
            let password = notes.isEmpty ? "" : try options.passwordOptions.source.read(confirm: false)
            if !notes.isEmpty, let check = session.passwordCheck, !(try NoteCipher(password: password).accountKeys(session.kdf).matches(passwordCheck: check)) {
                throw CLIError("wrong password for this account", status: .noPermission)
            }
            let cipher = notes.isEmpty ? NoteCipher(password: "") : try await options.readingCipher(password: password, session: session, client: client)
            // One damaged note must not hide the others: show what opens, then report the rest.
            var opened: [(NotesAPI.Note, NotePlaintext)] = [], failed: [(NotesAPI.Note, Error)] = []
            for (note, result) in try options.open(notes, with: cipher, session: session) {
                switch result {
                case .success(let plain): opened.append((note, plain))
                case .failure(let error): failed.append((note, error))
                }
            }
            if let (note, error) = failed.first, opened.isEmpty {
                for (other, error) in failed.dropFirst() {
                    StandardStreams.warn(NotesOptions.cannotOpen(other, error).description)
                }
                throw NotesOptions.cannotOpen(note, error)
            }
            if let search {
                // Titles are encrypted: the search runs here, after opening.
                opened = opened.filter { $0.1.title.range(of: search, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
            }
            if options.json {
                try JSONOutput.print(opened.map { NoteOutput($0.0, $0.1, showingInfo: true) })
            } else {
                if opened.isEmpty { print(search == nil ? "no notes" : "no note's title contains \(DisplayName.escaped(search!))") }
                for (note, plain) in opened {
                    print("\(note.shortID)  \(DisplayName.escaped(plain.title))  (v\(note.version)\(note.format == .rncryptor ? ", rncryptor" : ""))")
                }
            }
            for (note, error) in failed {
                StandardStreams.warn(NotesOptions.cannotOpen(note, error).description)
            }
            let legacy = opened.filter { $0.0.format == .rncryptor }.count
            if legacy > 0 {
                StandardStreams.warn("\(legacy) note\(legacy == 1 ? " is" : "s are") still RNCryptor, whose key is a cheaper password test for the server: `seqr notes upgrade` re-seals them")
            }
            let older = opened.filter { $0.0.format == .seqrAEAD && !$0.0.encrypted.isCurrentFieldVersion }.count
            if older > 0 {
                StandardStreams.warn("\(older) note\(older == 1 ? " is" : "s are") of an older field version, which the web app cannot open: `seqr notes upgrade` re-seals them")
            }
            if !failed.isEmpty { throw ExitCode(.dataError) }
        }
    }
}
