import ArgumentParser
import Foundation
import SeqrCloudClient
import SeqrCore
import SeqrStore

extension LocationCommand {
    struct Rotate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rotate",
            abstract: "Replace a share's id and key: old links stop working; prints the new link.",
            discussion: "The new share carries on the old one: it starts with your fixes of the last 24 hours, under the new key.")

        @Argument(help: "The share id (or its first characters), or its link.") var share: String
        @Option(help: "Also write the new link's QR code to this file (.png, .svg, .pdf).") var qr: String?
        @Flag(help: "Do not draw the QR code in the terminal.") var noQR = false
        @Option(help: "The server's public address for the link, when it differs from --server.") var publicURL: String?
        @OptionGroup var options: LocationOptions

        func run() async throws {
            let store = try options.openStore()
            let (_, client) = try options.signedIn(store)
            let old = try store.ownedShare(matching: share, server: client.server)
            let rotated = try await withLocationErrors { try await client.rotateShare(id: old.id) }
            try store.deleteLocationShare(id: old.id)
            try await ShareAnnouncement(options: options, publicURL: publicURL, qr: qr, showQR: !noQR, backfill: true)
                .announce(rotated, key: LocationShareKey.generate(old.key.format), client: client, store: store, verb: "rotated \(old.id) (its links stop working) into the new")
        }
    }
}
