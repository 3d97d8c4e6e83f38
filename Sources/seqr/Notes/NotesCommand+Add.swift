import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrStore

extension NotesCommand {
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Encrypt a note here and store it on the server.")

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case seqr, rncryptor, onions
        }

        @Option(help: "The title, at most 30 characters.") var title: String
        @Option(help: "The info, at most 2,500 characters (default: read from standard input).") var info: String?
        @Option(help: "seqr, the only format new notes are stored in.") var format: Format = .seqr
        @OptionGroup var options: NotesOptions

        func run() async throws {
            // RNCryptor's keys come from the password through PBKDF2-SHA1 at a count the user picks:
            // stored on the server, its HMAC would be a cheaper password test than the account key.
            guard format == .seqr else {
                throw CLIError("\(format == .onions ? "Onions" : "RNCryptor") notes are no longer stored on the server (their key is a cheaper password test than the account's); use `seqr notes export --format onions` to write a file the Onions app's format holds")
            }
            let text = info ?? String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            let note = try NotePlaintext(title: title, info: text)
            let (signedIn, signedInClient) = try options.signedIn()
            let (cipher, session, client) = try await options.verifiedCipher(signedIn, signedInClient)
            let sealed = try cipher.seal(note, noteVersion: 1, account: session.kdf)
            let stored = try await withNotesErrors { try await client.create(sealed) }
            try options.rememberWritten([(sealed.id, 1)], session: session)
            if options.json {
                try JSONOutput.print(NoteOutput(stored, note, showingInfo: false))
            } else {
                print("added \(stored.shortID)  \(note.title)")
            }
        }
    }
}
