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
            abstract: "Seal a channel's secret to a subscriber's public key, as a QR code or a link for them to open.",
            discussion: """
            --to takes what the subscriber sent: their public-key link (https://HOST/app/#…, from \
            `seqr id show --link` or the web app's "Copy link"), a picture of their public-key QR code, \
            or the code as base64. The share is written as a QR picture (-o) and, with --link or \
            `seqr config link`, printed as a link on standard output, to send in a message; without \
            -o, only the link is printed.

            Examples:
              seqr channel share Garden --to 'https://seqr.example/app/#U1EBAQ…' --link https://seqr.example
              seqr channel share Garden --to bob-key.png -o share.png
            """)
        @Argument(help: "Your channel (name or id).") var channel: String
        @Option(help: "The subscriber's public key: their link (https://HOST/app/#…), a picture of their public-key QR code, or the code as base64.") var to: String
        @Option(name: .shortAndLong, help: "The share's QR code (.png, .svg, .pdf; - for a PNG on standard output). Optional with a link.") var output: String?
        @Flag(help: "Overwrite the output file if it exists.") var force = false
        @Flag(help: "Print JSON: channel, channelId, recipient, fingerprint, output, codeBase64, link.") var json = false
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var linkOptions: LinkOptions
        @OptionGroup var pictureLimit: PictureLimitOptions

        func validate() throws {
            if json && output == FileWriter.standardOutput { throw ValidationError("--json and -o - both write standard output: choose one") }
        }

        func run() throws {
            if let output { try FileWriter.checkWritable(output, replacing: force) }
            let store = try storeOptions.open()
            let base = try linkOptions.base(in: store)
            guard output != nil || base != nil else { throw CodeOutput.missing }
            let (found, owned) = try store.channel(named: channel)
            guard owned else { throw StoreError.notOwner(found.name) }
            let recipient = try scannedSeqrCode(in: to, describing: "public-key", pixelLimit: pictureLimit.maxPixels) { if case .publicKey(let identity) = $0 { identity } else { nil } }
            let share = try store.share(found, to: recipient, signedBy: storeOptions.identity(in: store))
            let link = try base.map { try linkText(share, base: $0) }
            if let output { try writeCode(share, to: output, overwrite: force, link: base) }
            if json {
                return try JSONOutput.print(CodeOutput(channel: found.name, channelId: found.id.hexString, recipient: recipient.name, fingerprint: recipient.fingerprint,
                                                       output: output, codeBase64: Data(share).base64EncodedString(), link: link))
            }
            StandardStreams.status("fingerprint: \(recipient.fingerprint)")
            StandardStreams.status("share of \"\(DisplayName.escaped(found.name))\" for \(DisplayName.escaped(recipient.name))\(output.map { " → \($0)" } ?? "")")
            if let link, output != FileWriter.standardOutput { StandardStreams.print(link) }
        }
    }
}

/// What `channel share --json` and `post --json` print; and the one line when there is nowhere to write a code.
struct CodeOutput: Encodable {
    var id: Int64?
    var channel: String
    var channelId: String
    var recipient: String?
    var fingerprint: String?
    var output: String?
    var codeBase64: String
    var link: String?

    static let missing = CLIError("give -o FILE for a QR picture, or a link base (--link https://HOST, or `seqr config link`) to print the code as a link", status: .usage)
}

extension ChannelCommand {
    struct Subscribe: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "subscribe", abstract: "Subscribe from a channel share made for you: its link, or a picture of its QR code.",
            discussion: "Example: seqr channel subscribe 'https://seqr.example/app/#U1ECAg…'")
        @Argument(help: "The share: its link (https://HOST/app/#…, as the owner sent it), its QR picture (any format seqr decode reads; - for standard input), or its code as base64.") var share: String
        @Flag(help: "Subscribe even though a channel of this id, or an owner of this name, is known with another owner key (compare the fingerprint first).")
        var newOwnerKey = false
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var pictureLimit: PictureLimitOptions

        func run() throws {
            let store = try storeOptions.open()
            let payload = try scannedSeqrCode(in: share, describing: "channel-share", pixelLimit: pictureLimit.maxPixels) { if case .channelShare(let bytes) = $0 { bytes } else { nil } }
            let identity = try storeOptions.identity(in: store)
            try checkOwnerKey(of: store.openShare(payload, identity: identity), in: store, accepted: newOwnerKey)
            let channel = try store.subscribe(share: payload, identity: identity)
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

/// Refuses a share whose channel id or owner name is known with another owner key (a look-alike,
/// ``OwnerKeyConflict``) unless `accepted` (--new-owner-key): said before subscribing, never silently.
func checkOwnerKey(of channel: Channel, in store: LocalStore, accepted: Bool) throws {
    guard let conflict = try store.ownerKeyConflicts(with: channel).first else { return }
    let sentence = conflict.sentence(newFingerprint: channel.owner.fingerprint)
    if accepted {
        StandardStreams.warn("⚠ " + sentence)
    } else {
        throw CLIError(sentence + " (--new-owner-key subscribes all the same)")
    }
}
