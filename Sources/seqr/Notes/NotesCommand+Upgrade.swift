import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrStore

extension NotesCommand {
    struct Upgrade: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "upgrade",
            abstract: "Re-encrypt every note stored in an older format as note field version 3 (AES-256-GCM), which the web app opens.",
            discussion: """
            Notes of field version 1 or 2 (ChaCha20-Poly1305, which browsers lack) and RNCryptor notes are \
            opened here and written back one by one, each write refused if the note changed on the server \
            since it was read (that note is reported and left as it was; run the command again). Notes \
            already of version 3 are not touched. Each note upgraded is named with its new version.

              seqr notes upgrade
            """)

        @OptionGroup var options: NotesOptions

        struct Report: Encodable {
            var upgraded: [String] = []
            var current = 0
            var failed: [String] = []
        }

        func run() async throws {
            let (signedIn, signedInClient) = try options.signedIn()
            let notes = try await withNotesErrors { try await signedInClient.notes() }
            // The account key's label (no password needed): a note without it is sealed from the password.
            let label: NoteKDF? = (try? await signedInClient.unlockMethods())?.noteKDF.map { NoteKDF($0) }
            let older = notes.filter { note in !note.encrypted.isCurrentFieldVersion || (label.map { note.kdf != $0 } ?? false) }
            var report = Report(current: notes.count - older.count)
            if !older.isEmpty {
                // The password is checked against the account first, as for every write.
                let (cipher, session, client) = try await options.verifiedCipher(signedIn, signedInClient)
                for (note, result) in try options.open(older, with: cipher, session: session) {
                    do {
                        let sealed = try cipher.seal(try result.get(), id: note.id, noteVersion: note.version + 1, account: session.kdf)
                        let stored = try await withNotesErrors { try await client.update(sealed, version: note.version) }
                        try options.rememberWritten([(note.id, note.version + 1)], session: session)
                        report.upgraded.append(note.id.uuidString.lowercased())
                        if !options.json { print("upgraded \(stored.shortID) to version \(stored.version)") }
                    } catch {
                        report.failed.append(note.id.uuidString.lowercased())
                        StandardStreams.warn("note \(note.id.uuidString.lowercased()) not upgraded: \(error)")
                    }
                }
            }
            if options.json {
                try JSONOutput.print(report)
            } else {
                print("\(report.upgraded.count) note\(report.upgraded.count == 1 ? "" : "s") upgraded, \(report.current) already of field version 3")
            }
            if !report.failed.isEmpty { throw ExitCode(.dataError) }
        }
    }
}
