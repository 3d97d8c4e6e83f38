import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCore
import SeqrStore

extension NotesCommand {
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status", abstract: "Who is signed in, on which server, and until when (no password, no network).")

        @Option(help: "The local store directory, where the session token is kept.") var store: String?
        @Flag(help: "Print JSON: signedIn, username, server, expiresAt, expired.") var json = false

        struct Output: Encodable {
            let signedIn: Bool
            let username: String?
            let server: String?
            let expiresAt: Date?
            /// The same date under its name before the `…At` rule (docs/cli-json.md), kept for scripts that read it.
            let expires: Date?
            let expired: Bool?
        }

        func run() throws {
            let session = try StoreOptions.open(directory: store).notesSession()
            let expired = session.map { $0.expires <= Date() }
            if json {
                return try JSONOutput.print(Output(signedIn: session != nil && expired == false, username: session?.username,
                                                   server: session?.server, expiresAt: session?.expires, expires: session?.expires, expired: expired))
            }
            guard let session else { return print("not signed in (`seqr notes login USER`)") }
            let when = session.expires.formatted(.iso8601)
            print("\(DisplayName.escaped(session.username)) on \(DisplayName.escaped(session.server)); session \(expired == true ? "expired" : "expires") \(when)")
        }
    }
}
