import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrStore

extension LocationCommand {
    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "revoke", abstract: "Delete a share and its fixes from the server; its links stop working.")

        @Argument(help: "The share id (or its first characters), or its link.") var share: String
        @OptionGroup var options: LocationOptions

        func run() async throws {
            let store = try options.openStore()
            let (_, client) = try options.signedIn(store)
            let owned = try? store.ownedShare(matching: share, server: client.server)
            let id = owned?.id ?? LocalStore.shareID(in: share)
            guard LocationShareLink.isValidShareID(id) else { throw CLIError("no share \(share)… in this store (give the whole id to revoke a share made elsewhere)") }
            try await withLocationErrors { try await client.revokeShare(id: id) }
            try store.deleteLocationShare(id: id)
            if options.json { try JSONOutput.print(["revoked": id]) } else { StandardStreams.print("revoked \(id)") }
        }
    }
}
