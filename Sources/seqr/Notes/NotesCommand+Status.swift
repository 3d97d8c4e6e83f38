import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrStore

extension NotesCommand {
    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Who is signed in, on which server, until when, and when the paper kit was printed (no password; the server is asked only for the kit).")

        @Option(help: "The local store directory, where the session token is kept.") var store: String?
        @Flag(help: "Print JSON: signedIn, username, server, expiresAt, expired, kitPrintedAt.") var json = false

        struct Output: Encodable {
            let signedIn: Bool
            let username: String?
            let server: String?
            let expiresAt: Date?
            /// The same date under its name before the `…At` rule (docs/cli-json.md), kept for scripts that read it.
            let expires: Date?
            let expired: Bool?
            /// When the account's paper kit was printed; absent when it has none or the server did not say.
            let kitPrintedAt: Date?
        }

        func run() async throws {
            let session = try StoreOptions.open(directory: store).notesSession()
            let expired = session.map { $0.expires <= Date() }
            var kit: Result<Date?, Error>?
            if let session, expired == false { kit = await Self.kit(of: session) }
            if json {
                return try JSONOutput.print(Output(signedIn: session != nil && expired == false, username: session?.username,
                                                   server: session?.server, expiresAt: session?.expires, expires: session?.expires, expired: expired,
                                                   kitPrintedAt: (try? kit?.get()) ?? nil))
            }
            guard let session else { return print("not signed in (`seqr notes login USER`)") }
            let when = session.expires.formatted(.iso8601)
            print("\(DisplayName.escaped(session.username)) on \(DisplayName.escaped(session.server)); session \(expired == true ? "expired" : "expires") \(when)")
            switch kit {
            case .success(let printed?): print("paper kit printed \(printed.formatted(.iso8601))")
            case .success(nil): print("no paper kit (`seqr notes kit`)")
            case .failure(let error): print("paper kit: not known (\(DisplayName.escaped("\(error)")))")
            case nil: break
            }
        }

        /// When the account's kit was printed (nil: none), asked of the server with the session's token.
        static func kit(of session: NotesSession) async -> Result<Date?, Error> {
            do {
                let list = try await ServerClient(server: session.server, token: session.token).unlockMethods()
                return .success(list.methods.filter { $0.kind == .kit }.map(\.createdAt).max())
            } catch {
                return .failure(error)
            }
        }
    }
}
