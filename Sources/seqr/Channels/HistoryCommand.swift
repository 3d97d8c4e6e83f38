import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCore
import SeqrStore

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "Messages you published or scanned.",
        discussion: """
        A message scanned again is one message with several sightings: the text shows how many and the latest; --json lists them all. \
        When your identity has a passphrase, history needs it (--passphrase-file, SEQR_PASSPHRASE or the terminal).
        """)
    @Argument(help: "Only this channel (name or id).") var channel: String?
    @Option(help: "The channel owner's fingerprint (a prefix will do), when channels of several owners match.") var owner: String?
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var storeOptions: StoreOptions

    struct Row: Encodable {
        let id: Int64
        let channel: String
        /// The channel's full id (hex), as `channel list --json` prints it.
        let channelId: String
        /// `textMessage` or `urlMessage`: the values `scan --json` uses for messages.
        let kind: String
        let content: String
        let createdAt: Date
        let expiresAt: Date?
        let published: Bool
        /// Where the message was first scanned.
        let latitude: Double?
        let longitude: Double?
        /// Every scan of the message, oldest first.
        let sightings: [Sighting]
    }

    struct Sighting: Encodable {
        let seenAt: Date
        let latitude: Double?
        let longitude: Double?
    }

    func run() throws {
        let store = try storeOptions.open()
        // What was said on your channels is as private as their secrets: a sealed identity is unlocked first.
        if try store.identityIsSealed { _ = try storeOptions.identity(in: store) }
        struct ChannelKey: Hashable { let id: Data; let owner: String? }
        let names = Dictionary(try store.channels().map { (ChannelKey(id: $0.id, owner: $0.owner.fingerprint), $0.name) }, uniquingKeysWith: { a, _ in a })
        let messages = try store.history(channel: channel, owner: owner)
        let sightings = try store.sightings(of: messages)
        let rows = messages.map {
            Row(id: $0.id ?? 0, channel: names[ChannelKey(id: $0.channelID, owner: $0.ownerFingerprint)] ?? $0.channelID.hexString, channelId: $0.channelID.hexString,
                kind: $0.kind == "url" ? ScanCommand.Kind.urlMessage.rawValue : ScanCommand.Kind.textMessage.rawValue, content: $0.content,
                createdAt: $0.created, expiresAt: $0.expires, published: $0.published,
                latitude: $0.latitude, longitude: $0.longitude,
                sightings: (sightings[$0.id ?? 0] ?? []).map { Sighting(seenAt: $0.seen, latitude: $0.latitude, longitude: $0.longitude) })
        }
        if json { return try JSONOutput.print(rows) }
        if rows.isEmpty { StandardStreams.print("no messages") }
        for row in rows {
            let seen = row.sightings.last.map { "  (seen \(row.sightings.count)×, last \($0.seenAt.formatted(.iso8601)))" } ?? ""
            StandardStreams.print("\(row.id)  \(row.createdAt.formatted(.iso8601))  \(row.published ? "published" : "scanned  ")  \(DisplayName.escaped(row.channel)): \(DisplayName.escaped(row.content))\(row.expiresAt.map { "  (expires \($0.formatted(.iso8601)))" } ?? "")\(seen)")
        }
    }
}
