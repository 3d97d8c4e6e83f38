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
            abstract: "Change the password: the account key is rewrapped for it, and no note is re-encrypted.",
            discussion: """
            Notes are sealed under the account's key; the password only unwraps it. A password change \
            sends the key wrapped for the new password and touches no note. On a server without account \
            keys every note is re-encrypted here and replaced in one step instead. Notes still sealed \
            from the password (RNCryptor) are refused first: run `seqr notes upgrade`.
            """)

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
            if let accountKey = oldCipher.accountKey {
                return try await rewrap(accountKey, notes: notes, replacement: replacement, newKDF: newKDF,
                                        oldKeys: try oldCipher.accountKeys(session.kdf), session: session, client: client, store: store)
            }
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

        /// The password change of an account with an account key: one wrapped key replaced, no note written.
        private func rewrap(_ accountKey: AccountKey, notes: [NotesAPI.Note], replacement: String, newKDF: AccountKDFParameters,
                            oldKeys: AccountKeys, session: NotesSession, client: ServerClient, store: LocalStore) async throws {
            // A note not sealed under the account key opens only from the old password.
            let fromPassword = notes.filter { $0.format != .seqrAEAD || $0.kdf != NoteKDF(accountKey.noteKDF) }
            guard fromPassword.isEmpty else {
                throw CLIError("\(fromPassword.count) note\(fromPassword.count == 1 ? " is" : "s are") still sealed from the password, not the account key; "
                               + "run `seqr notes upgrade` first — nothing was changed", status: .dataError)
            }
            let newKeys = try AccountKeys(password: replacement, parameters: newKDF)
            let request = NotesAPI.PasswordChangeRequest(
                authKey: oldKeys.authenticationToken, newAuthKey: newKeys.authenticationToken, newKDF: newKDF, notes: [],
                password: .password(accountKey, keys: newKeys, username: session.username))
            try await withNotesErrors { try await client.changePassword(request) }
            var updated = session
            updated.kdf = newKDF
            updated.passwordCheck = newKeys.passwordCheck
            try store.saveNotesSession(updated)
            if options.json { try JSONOutput.print(["reencryptedNotes": 0]); return }
            print("password changed; the account key was rewrapped and no note re-encrypted; other sessions signed out")
        }
    }
}
