import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrStore

extension NotesCommand {
    struct Passwd: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "passwd",
            abstract: "Change the password: every note is re-encrypted here and replaced on the server in one step.")

        @Option(help: "Read the new password from the first line of this file (SEQR_NEW_PASSWORD works too).")
        var newPasswordFile: String?
        @Option(help: "PBKDF2 iterations for the new keys (at least 210,000).") var kdfIterations = AccountKDFParameters.defaultIterations
        @OptionGroup var options: NotesOptions

        func run() async throws {
            guard kdfIterations >= AccountKDFParameters.minimumIterations else {
                throw CLIError("--kdf-iterations must be at least \(AccountKDFParameters.minimumIterations)", status: .usage)
            }
            let store = try options.openStore()
            let (signedIn, signedInClient) = try options.signedIn()
            let (oldCipher, session, client) = try await options.verifiedCipher(signedIn, signedInClient)
            let replacement = try SecretSource.newPassword(file: newPasswordFile).read(confirm: true)
            let notes = try await withNotesErrors { try await client.notes() }
            let newKDF = AccountKDFParameters.fresh(iterations: kdfIterations)
            let newCipher = NoteCipher(password: replacement)
            let plaintexts = try options.openAll(notes, with: oldCipher, session: session)
            // Every note, RNCryptor ones included, comes back as seqr-aead-v1 under the new keys.
            let writes = try zip(notes, plaintexts).map { note, plain in
                NotesAPI.NoteWrite(note: try newCipher.seal(plain, id: note.id, noteVersion: note.version + 1, account: newKDF), version: note.version)
            }
            let request = NotesAPI.PasswordChangeRequest(
                authKey: try oldCipher.accountKeys(session.kdf).authenticationToken,
                newAuthKey: try newCipher.accountKeys(newKDF).authenticationToken, newKDF: newKDF, notes: writes)
            try await withNotesErrors { try await client.changePassword(request) }
            try options.rememberWritten(notes.map { ($0.id, $0.version + 1) }, session: session)
            var updated = session
            updated.kdf = newKDF
            updated.passwordCheck = try newCipher.accountKeys(newKDF).passwordCheck
            try store.saveNotesSession(updated)
            if options.json { try JSONOutput.print(["reencryptedNotes": notes.count]); return }
            print("password changed; \(notes.count) note\(notes.count == 1 ? "" : "s") re-encrypted; other sessions signed out")
        }
    }
}
