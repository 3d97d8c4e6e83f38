import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrStore

extension NotesCommand {
    struct Register: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "register", abstract: "Create an account (the password is asked twice) and sign in.")

        @Argument(help: "The username: 3–64 letters, digits or . _ - @.") var username: String
        @Option(help: "PBKDF2 iterations for the account keys (at least 210,000).") var kdfIterations = AccountKDFParameters.defaultIterations
        @OptionGroup var options: NotesOptions

        func run() async throws {
            guard NotesAPI.isValidUsername(username) else { throw CLIError("username must be 3–64 letters, digits or . _ - @", status: .usage) }
            guard kdfIterations >= AccountKDFParameters.minimumIterations else {
                throw CLIError("--kdf-iterations must be at least \(AccountKDFParameters.minimumIterations)", status: .usage)
            }
            let store = try options.openStore()
            let password = try options.passwordOptions.source.read(confirm: true)
            let kdf = AccountKDFParameters.fresh(iterations: kdfIterations)
            let keys = try AccountKeys(password: password, parameters: kdf)
            let client = options.client(server: options.serverURL(session: nil))
            // A random account key seals the notes; the password only wraps it.
            let accountKey = AccountKey.random(iterations: kdfIterations)
            let wrapped = NotesAPI.NewAccountKey(noteKDF: accountKey.noteKDF, password: .password(accountKey, keys: keys, username: username))
            let session = try await withNotesErrors {
                try await client.register(username: username, authKey: keys.authenticationToken, kdf: kdf, accountKey: wrapped)
            }
            try store.saveNotesSession(NotesSession(server: client.server, username: username, token: session.token, kdf: session.kdf, expires: session.expiresAt,
                                                   passwordCheck: keys.passwordCheck))
            if options.json { try JSONOutput.print(["username": username, "server": client.server, "plan": session.plan]) } else {
                print("registered \(username) on \(client.server) (\(session.plan) plan); signed in")
            }
        }
    }
}
