import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrStore

extension NotesCommand {
    /// The account key's unlock methods: the password, passkeys, kits — each a wrapped copy of the key on the server.
    struct Unlock: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unlock",
            abstract: "List or remove the ways this account's key can be unlocked (no password needed).",
            discussion: """
            Notes are sealed under one account key; the server keeps it wrapped once per unlock method \
            (the password, a passkey added in the web app, a paper kit) and never in the clear. The \
            password cannot be removed: it is the only way to sign in.

              seqr notes unlock list
              seqr notes unlock remove 3f2a
            """,
            subcommands: [List.self, Remove.self])

        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "List the unlock methods: kind, id and when each was added.")
            @OptionGroup var options: NotesOptions

            struct Output: Encodable {
                var accountKey: Bool
                var methods: [Method]
                struct Method: Encodable {
                    var kind: String
                    var id: String
                    var createdAt: Date
                }
            }

            func run() async throws {
                let (_, client) = try options.signedIn()
                let list = try await withNotesErrors { try await client.unlockMethods() }
                let output = Output(accountKey: list.noteKDF != nil,
                                    methods: list.methods.map { .init(kind: $0.kind.rawValue, id: $0.id, createdAt: $0.createdAt) })
                if options.json { return try JSONOutput.print(output) }
                guard list.noteKDF != nil else {
                    return print("no account key yet: notes are sealed from the password; the next command that asks for it moves the account over")
                }
                for method in list.methods {
                    // The id comes from the server: escaped before it reaches the terminal.
                    print("\(method.kind.rawValue)  \(DisplayName.escaped(method.id))  \(method.kind == .kit ? "printed" : "added") \(method.createdAt.formatted(.iso8601))")
                }
            }
        }

        struct Remove: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "remove", abstract: "Remove an unlock method by its id or a unique prefix of it (never the password).")
            @Argument(help: "The method's id, or a unique prefix of it, as `unlock list` shows it.") var id: String
            @OptionGroup var options: NotesOptions

            func run() async throws {
                let (_, client) = try options.signedIn()
                let list = try await withNotesErrors { try await client.unlockMethods() }
                let matches = list.methods.filter { $0.id.hasPrefix(id) }
                guard let method = matches.first, !id.isEmpty else {
                    throw CLIError("no unlock method \(DisplayName.escaped(id)) on this account (`seqr notes unlock list`)", status: .dataError)
                }
                guard matches.count == 1 || method.id == id else {
                    throw CLIError("\(DisplayName.escaped(id)) is the start of \(matches.count) unlock methods' ids; give more of it", status: .usage)
                }
                guard method.kind != .password else {
                    throw CLIError("the password cannot be removed: it is the only way to sign in; nothing was removed", status: .dataError)
                }
                do {
                    try await client.removeUnlockMethod(id: method.id)
                } catch ServerClientError.server(_, "last_password", _) {
                    throw CLIError("the password cannot be removed: it is the only way to sign in; nothing was removed", status: .dataError)
                } catch {
                    throw notesFailure(error)
                }
                if options.json { return try JSONOutput.print(["removed": method.id, "kind": method.kind.rawValue]) }
                print("removed the \(method.kind.rawValue) \(DisplayName.escaped(method.id))")
            }
        }
    }
}
