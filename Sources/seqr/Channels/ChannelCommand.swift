import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCore
import SeqrStore

struct ChannelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "channel",
        abstract: "Broadcast channels: create, share with a subscriber's public key, subscribe, list.",
        subcommands: [Create.self, Share.self, Subscribe.self,
                      Unsubscribe.self, List.self, Subscribers.self, Remove.self]
    )
}

extension ChannelCommand {
    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "create", abstract: "Create a channel you own.")
        @Argument(help: "The channel's name.") var name: String
        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let store = try storeOptions.open()
            let channel = try store.createChannel(name: name, owner: storeOptions.identity(in: store))
            // The channel's id is the result (a name may be shared by several channels); the rest is status.
            StandardStreams.status("channel \"\(DisplayName.escaped(name))\" created")
            StandardStreams.print(channel.id.hexString)
        }
    }
}

extension ChannelCommand {
    struct Share: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "share",
            abstract: "Seal a channel's secret to a subscriber's public key, as a QR code for them to scan.")
        @Argument(help: "Your channel (name or id).") var channel: String
        @Option(help: "The subscriber's public-key QR image, or its code as base64.") var to: String
        @Option(name: .shortAndLong, help: "The share's QR code (.png, .svg, .pdf; - for a PNG on standard output).") var output: String
        @Flag(help: "Overwrite the output file if it exists.") var force = false
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var linkOptions: LinkOptions
        @OptionGroup var pictureLimit: PictureLimitOptions

        func run() throws {
            try FileWriter.checkWritable(output, replacing: force)
            let store = try storeOptions.open()
            let (found, owned) = try store.channel(named: channel)
            guard owned else { throw StoreError.notOwner(found.name) }
            let recipient = try scannedSeqrCode(in: to, describing: "public-key", pixelLimit: pictureLimit.maxPixels) { if case .publicKey(let identity) = $0 { identity } else { nil } }
            let share = try store.share(found, to: recipient, signedBy: storeOptions.identity(in: store))
            try writeCode(share, to: output, overwrite: force, link: linkOptions.base(in: store))
            StandardStreams.status("fingerprint: \(recipient.fingerprint)")
            StandardStreams.status("share of \"\(DisplayName.escaped(found.name))\" for \(DisplayName.escaped(recipient.name)) → \(output)")
        }
    }
}

extension ChannelCommand {
    struct Subscribe: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "subscribe", abstract: "Subscribe from a channel-share QR code made for you.")
        @Argument(help: "The share's QR picture (any format seqr decode reads; - for standard input), or its code as base64.") var share: String
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var pictureLimit: PictureLimitOptions

        func run() throws {
            let store = try storeOptions.open()
            let payload = try scannedSeqrCode(in: share, describing: "channel-share", pixelLimit: pictureLimit.maxPixels) { if case .channelShare(let bytes) = $0 { bytes } else { nil } }
            let channel = try store.subscribe(share: payload, identity: storeOptions.identity(in: store))
            StandardStreams.status("subscribed to \"\(DisplayName.escaped(channel.name))\" from \(DisplayName.escaped(channel.owner.name)); compare the owner's fingerprint with theirs")
            StandardStreams.print("fingerprint: \(channel.owner.fingerprint)")
        }
    }
}

extension ChannelCommand {
    struct Unsubscribe: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "unsubscribe", abstract: "Leave a channel and delete its secret.")
        @Argument(help: "The channel (name or id).") var channel: String
        @Option(help: "The owner's fingerprint (a prefix will do), when channels of several owners match.") var owner: String?
        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let removed = try storeOptions.open().unsubscribe(channel, owner: owner)
            StandardStreams.status("unsubscribed from \"\(DisplayName.escaped(removed.name))\"; its secret is deleted")
        }
    }
}

extension ChannelCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List your channels.")
        @Flag(help: "Only channels you own.") var owned = false
        @Flag(help: "Only channels you subscribe to.") var subscribed = false
        @Flag(help: "Print JSON.") var json = false
        @OptionGroup var storeOptions: StoreOptions

        /// `id` is the full channel id (hex); `shortId` the 8 characters the text shows.
        struct Row: Encodable { let id: String; let shortId: String; let name: String; let owned: Bool; let owner: String; let fingerprint: String; let createdAt: Date }

        func run() throws {
            let store = try storeOptions.open()
            let filter: Bool? = owned == subscribed ? nil : owned
            let ownedIDs = Set(try store.channels(owned: true).map(\.id))
            let rows = try store.channels(owned: filter).map { channel in
                Row(id: channel.id.hexString, shortId: String(channel.id.hexString.prefix(8)), name: channel.name, owned: ownedIDs.contains(channel.id),
                    owner: channel.owner.name, fingerprint: channel.owner.fingerprint, createdAt: channel.created)
            }
            if json { return try JSONOutput.print(rows) }
            if rows.isEmpty { StandardStreams.print("no channels") }
            for row in rows {
                StandardStreams.print("\(row.owned ? "owned     " : "subscribed") \(row.fingerprint)  \(DisplayName.escaped(row.name))  (\(row.shortId)…, owner \(DisplayName.escaped(row.owner)))")
            }
        }
    }
}
