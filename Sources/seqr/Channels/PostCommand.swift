import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCore
import SeqrStore

struct PostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "post",
        abstract: "Publish a signed, encrypted message QR code on a channel you own (or reprint one).",
        discussion: """
        The code is written as a QR picture (-o) and, with --link or `seqr config link`, printed as a \
        link on standard output, to send in a message; without -o, only the link is printed.

        Examples:
          seqr post Garden --text "Meeting at 6" --expires 7d -o msg.png
          seqr post Garden --text "Meeting at 6" --link https://seqr.example
          seqr post --reprint 12 -o again.png
        """
    )

    @Argument(help: "Your channel (name or id).") var channel: String?
    @Option(help: "A text message.") var text: String?
    @Option(help: "A URL message: http or https (see --allow-scheme).") var url: String?
    @Option(name: .customLong("allow-scheme"), help: ArgumentHelp("Also post a --url of this scheme (e.g. mailto); repeatable. The subscriber still sees a warning.", valueName: "scheme"))
    var allowedSchemes: [String] = []
    @Option(help: "Expiry: a duration like 30m, 12h, 7d.") var expires: String?
    @Option(help: "Reprint the message with this history id.") var reprint: Int64?
    @Option(name: .shortAndLong, help: "The message's QR code (.png, .svg, .pdf; - for a PNG on standard output). Optional with a link.") var output: String?
    @Flag(help: "Overwrite the output file if it exists.") var force = false
    @Flag(help: "Print JSON: id, channel, channelId, output, codeBase64, link.") var json = false
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var linkOptions: LinkOptions

    func validate() throws {
        if json && output == FileWriter.standardOutput { throw ValidationError("--json and -o - both write standard output: choose one") }
        if reprint == nil {
            guard channel != nil else { throw ValidationError("name the channel") }
            guard (text == nil) != (url == nil) else { throw ValidationError("give exactly one of --text and --url") }
            if let expires, Self.duration(expires) == nil { throw ValidationError("--expires takes a duration like 30m, 12h or 7d") }
            if let url {
                guard let scheme = MessageLinkPolicy.scheme(of: url) else { throw ValidationError("--url \(DisplayName.escaped(url)): not a URL") }
                guard MessageLinkPolicy(allowing: allowedSchemes).allows(url) else {
                    throw ValidationError("--url: the \"\(DisplayName.escaped(scheme))\" scheme is not posted as a link (only http and https; add --allow-scheme \(DisplayName.escaped(scheme)) to post it anyway)")
                }
            }
        }
    }

    static func duration(_ text: String) -> TimeInterval? {
        guard let unit = text.last, let number = Double(text.dropLast()), number > 0 else { return nil }
        switch unit {
        case "m": return number * 60
        case "h": return number * 3600
        case "d": return number * 86_400
        default: return nil
        }
    }

    func run() throws {
        if let output { try FileWriter.checkWritable(output, replacing: force) }
        let store = try storeOptions.open()
        let base = try linkOptions.base(in: store)
        guard output != nil || base != nil else { throw CodeOutput.missing }
        var link: String?
        // Written (and its link made) before it is recorded: too large a message or link, a missing directory: nothing recorded.
        let deliver = { (code: [UInt8]) throws in
            link = try base.map { try linkText(code, base: $0) }
            if let output { try writeCode(code, to: output, overwrite: force, link: base) }
        }
        let record: MessageRecord
        if let reprint {
            guard let stored = try store.message(id: reprint) else { throw CLIError("no message with id \(reprint)") }
            try deliver([UInt8](stored.encoded))
            record = stored
        } else {
            let now = Date()
            let message = ChannelMessage(kind: url == nil ? .text : .url, created: now,
                                         expires: expires.flatMap(Self.duration).map { now.addingTimeInterval($0) }, content: url ?? text!)
            record = try store.publish(message, in: channel!, owner: storeOptions.identity(in: store), deliver: deliver).0
        }
        let name = try store.channels().first { $0.id == record.channelID && $0.owner.fingerprint == record.ownerFingerprint }?.name ?? record.channelID.hexString
        if json {
            return try JSONOutput.print(CodeOutput(id: record.id, channel: name, channelId: record.channelID.hexString, output: output,
                                                   codeBase64: record.encoded.base64EncodedString(), link: link))
        }
        let target = output.map { " → \($0)" } ?? ""
        StandardStreams.status(reprint.map { "reprinted message \($0)\(target)" } ?? "message \(record.id ?? 0) on \"\(DisplayName.escaped(name))\"\(target)")
        if let link, output != FileWriter.standardOutput { StandardStreams.print(link) }
    }
}
