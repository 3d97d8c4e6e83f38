import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrStore

extension NotesCommand {
    struct Login: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "login", abstract: "Sign in; the session token is kept in the local store.")

        @Argument(help: "The username.") var username: String
        @OptionGroup var options: NotesOptions

        func run() async throws {
            let store = try options.openStore()
            // The server this store last signed in to, unless --server or $SEQR_NOTES_SERVER says otherwise.
            let client = options.client(server: options.serverURL(session: try store.notesSession()))
            let kdf = try await withNotesErrors { try await client.kdf(username: username) }
            let password = try options.passwordOptions.source.read(confirm: false)
            let keys = try AccountKeys(password: password, parameters: kdf)
            let session = try await withNotesErrors { try await client.login(username: username, authKey: keys.authenticationToken) }
            let saved = NotesSession(server: client.server, username: username, token: session.token, kdf: session.kdf, expires: session.expiresAt,
                                     passwordCheck: keys.passwordCheck)
            try store.saveNotesSession(saved)
            // An account made before account keys moves over now; if this fails the next command that asks for the password does it.
            try? await options.unlockAccountKey(NoteCipher(password: password), keys: keys, session: saved,
                                                client: options.client(server: client.server, token: session.token))
            if options.json { try JSONOutput.print(["username": username, "server": client.server, "plan": session.plan]) } else {
                print("signed in as \(username) on \(client.server)")
            }
        }
    }
}
