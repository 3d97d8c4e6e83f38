import ArgumentParser
import Foundation
import SeqrCloudClient
import SeqrCore
import SeqrStore

struct LocationShare: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Create a share: a new random key, a link with the key in its fragment, and its QR code.",
        discussion: "The share starts with your fixes of the last 24 hours (from `seqr location push`), encrypted under its key.")

    @Option(help: "Expiry: a duration like 30m, 12h, 7d (default: until revoked).") var expires: String?
    @Option(help: "seqr (AES-256-GCM, the default) or cryptojs (Berry Picker Tracker's AES-128-CBC string: UNAUTHENTICATED, only to interoperate).")
    var format: LocationFormat = .seqrLocationV1
    @Option(help: "Also write the link's QR code to this file (.png, .svg, .pdf) instead of drawing it in the terminal.") var qr: String?
    @Flag(help: "Do not draw the QR code in the terminal.") var noQR = false
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
        let share = try await withLocationErrors { try await client.createShare(format: format, expiresAt: expiresAt) }
        try await ShareAnnouncement(options: options, publicURL: publicURL, qr: qr, showQR: !noQR)
            .announce(share, key: LocationShareKey.generate(format), client: client, store: store, verb: "created")
    }
}

struct LocationShares: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "shares", abstract: "List your shares on the server.")

    @Flag(help: "Also print each share's link (it contains the key).") var links = false
    @Option(help: "The server's public address for the links, when it differs from --server.") var publicURL: String?
    @OptionGroup var options: LocationOptions

    struct Output: Encodable {
        let id: String
        let format: String
        let createdAt: Date
        let expiresAt: Date?
        let expired: Bool
        let fixes: Int
        let lastFixAt: Date?
        let keyInThisStore: Bool
        let link: String?
    }

    func run() async throws {
        let store = try options.openStore()
        let (_, client) = try options.signedIn(store)
        let remote = try await withLocationErrors { try await client.shares() }
        let local = Dictionary(try store.locationShares(server: client.server).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let now = Date()
        let rows = remote.map { share in
            Output(id: share.id, format: share.format.rawValue, createdAt: share.createdAt, expiresAt: share.expiresAt,
                   expired: share.expiresAt.map { $0 <= now } ?? false, fixes: share.fixes, lastFixAt: share.lastFixAt,
                   keyInThisStore: local[share.id] != nil,
                   link: links ? local[share.id].map { LocationShareLink(base: publicURL ?? client.server, shareID: $0.id, key: $0.key).description } : nil)
        }
        if options.json { try options.printJSON(["shares": rows]); return }
        if rows.isEmpty { StandardStreams.print("no shares (create one with `seqr location share`)"); return }
        let time = ISO8601DateFormatter()
        for row in rows {
            var line = "\(row.id)  \(row.format)  \(row.fixes) fix\(row.fixes == 1 ? "" : "es")"
            if let last = row.lastFixAt { line += ", last \(time.string(from: last))" }
            if let expires = row.expiresAt { line += row.expired ? ", EXPIRED" : ", expires \(time.string(from: expires))" }
            if !row.keyInThisStore { line += ", key not in this store" }
            StandardStreams.print(line)
            if let link = row.link { StandardStreams.print("  \(link)") }
        }
    }
}

struct LocationRotate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate",
        abstract: "Replace a share's id and key: old links stop working; prints the new link.")

    @Argument(help: "The share id (or its first characters).") var share: String
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
        try await ShareAnnouncement(options: options, publicURL: publicURL, qr: qr, showQR: !noQR)
            .announce(rotated, key: LocationShareKey.generate(old.key.format), client: client, store: store, verb: "rotated \(old.id) into")
    }
}

struct LocationRevoke: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "revoke", abstract: "Delete a share and its fixes from the server; its links stop working.")

    @Argument(help: "The share id (or its first characters).") var share: String
    @OptionGroup var options: LocationOptions

    func run() async throws {
        let store = try options.openStore()
        let (_, client) = try options.signedIn(store)
        let owned = try? store.ownedShare(matching: share, server: client.server)
        let id = owned?.id ?? share
        guard LocationShareLink.isValidShareID(id) else { throw CLIError("no share \(share)… in this store (give the whole id to revoke a share made elsewhere)") }
        try await withLocationErrors { try await client.revokeShare(id: id) }
        try store.deleteLocationShare(id: id)
        if options.json { try options.printJSON(["revoked": id]) } else { StandardStreams.print("revoked \(id)") }
    }
}
