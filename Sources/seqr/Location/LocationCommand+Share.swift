import ArgumentParser
import Foundation
import SeqrCloudClient
import SeqrCore
import SeqrStore

extension LocationCommand {
    struct Share: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "share",
            abstract: "Create a share: a new random key, a link with the key in its fragment, and its QR code.",
            discussion: """
            The share starts empty: followers see where you are from now on, not where you were before. \
            --backfill starts it with your fixes of the last 24 hours (from `seqr location push`), encrypted under its key.

              seqr location share --expires 2h
            """)

        @Option(help: "Expiry: a duration like 30m, 12h, 7d (default: until revoked).") var expires: String?
        // No declared default: ArgumentParser would name it by its wire name (seqr-location-v1), which --format does not take.
        @Option(help: "seqr (AES-256-GCM) or cryptojs (Berry Picker Tracker's AES-128-CBC string: UNAUTHENTICATED, only to interoperate). (default: seqr)")
        var format: LocationFormat?
        @Option(help: "Also write the link's QR code to this file (.png, .svg, .pdf) instead of drawing it in the terminal.") var qr: String?
        @Flag(help: "Do not draw the QR code in the terminal.") var noQR = false
        @Flag(help: "Start the share with your fixes of the last 24 hours (followers then see where you were before sharing).")
        var backfill = false
        @Option(help: "The server's public address for the link, when it differs from --server (e.g. behind a TLS proxy).") var publicURL: String?
        @OptionGroup var options: LocationOptions

        func validate() throws {
            if let expires, PostCommand.duration(expires) == nil { throw ValidationError("--expires takes a duration like 30m, 12h or 7d") }
            if let publicURL, !(publicURL.hasPrefix("https://") || publicURL.hasPrefix("http://")) { throw ValidationError("--public-url must start with https://") }
        }

        func run() async throws {
            let store = try options.openStore()
            let (_, client) = try options.signedIn(store)
            let expiresAt = expires.flatMap(PostCommand.duration).map { Date().addingTimeInterval($0) }
            let share = try await withLocationErrors { try await client.createShare(format: format ?? .seqrLocationV1, expiresAt: expiresAt) }
            try await ShareAnnouncement(options: options, publicURL: publicURL, qr: qr, showQR: !noQR, backfill: backfill)
                .announce(share, key: LocationShareKey.generate(format ?? .seqrLocationV1), client: client, store: store, verb: "created")
        }
    }
}
