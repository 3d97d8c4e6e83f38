import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrStore

extension LocationCommand {
    struct Extend: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "extend",
            abstract: "Change when a share expires: its link and key stay the same.",
            discussion: """
            --expires counts from now, as for `seqr location share`; an expired share can be given a new expiry too.

              seqr location extend 3fA9 --expires 12h
              seqr location extend 3fA9 --until-revoked
            """)

        @Argument(help: "The share id (or its first characters), or its link.") var share: String
        @Option(help: "The new expiry: a duration from now like 30m, 12h, 7d.") var expires: String?
        @Flag(help: "No expiry: the share lasts until it is revoked or rotated.") var untilRevoked = false
        @OptionGroup var options: LocationOptions

        struct Output: Encodable {
            let id: String
            let expiresAt: Date?
        }

        func validate() throws {
            guard (expires != nil) != untilRevoked else { throw ValidationError("give exactly one of --expires and --until-revoked") }
            if let expires, PostCommand.duration(expires) == nil { throw ValidationError("--expires takes a duration like 30m, 12h or 7d") }
        }

        func run() async throws {
            let store = try options.openStore()
            let (_, client) = try options.signedIn(store)
            var owned = try store.ownedShare(matching: share, server: client.server)
            let expiresAt = expires.flatMap(PostCommand.duration).map { Date().addingTimeInterval($0) }
            let changed = try await withLocationErrors { try await client.setShareExpiry(id: owned.id, expiresAt: expiresAt) }
            // This store's copy decides which shares `push` uploads to.
            owned.expires = changed.expiresAt
            try store.saveLocationShare(owned)
            if options.json { return try JSONOutput.print(Output(id: changed.id, expiresAt: changed.expiresAt)) }
            StandardStreams.print("share \(changed.id) \(changed.expiresAt.map { "expires \(ISO8601DateFormatter().string(from: $0))" } ?? "lasts until revoked")")
        }
    }
}
