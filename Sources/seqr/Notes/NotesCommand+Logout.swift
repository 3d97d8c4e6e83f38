import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrStore

extension NotesCommand {
    struct Logout: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "logout", abstract: "Revoke the session on the server and forget it here.")

        @OptionGroup var options: NotesOptions

        func run() async throws {
            let store = try options.openStore()
            let signedIn: (NotesSession, ServerClient)?
            do {
                signedIn = try options.savedSession()
            } catch {
                // A session that cannot be read (locked, damaged) is still forgotten here.
                try store.clearNotesSession()
                throw CLIError("\(error) — the session was forgotten here but could not be revoked on the server")
            }
            guard let (session, client) = signedIn else {
                if options.json { try JSONOutput.print(["signedOut": String?.none]) } else { print("not signed in") }
                return
            }
            // A session the server no longer knows is as good as revoked.
            do { try await client.logout() } catch ServerClientError.server(status: 401, _, _) {}
            try store.clearNotesSession()
            if options.json { try JSONOutput.print(["signedOut": session.username]) } else { print("signed out \(session.username)") }
        }
    }
}
