import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCore
import SeqrStore

struct PostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "post",
        abstract: "Publish a signed, encrypted message QR code on a channel you own (or reprint one).",
        discussion: "Examples:\n  seqr post Garden --text \"Meeting at 6\" --expires 7d -o msg.png\n  seqr post --reprint 12 -o again.png"
    )

    @Argument(help: "Your channel (name or id).") var channel: String?
    @Option(help: "A text message.") var text: String?
    @Option(help: "A URL message: http or https (see --allow-scheme).") var url: String?
    @Option(name: .customLong("allow-scheme"), help: ArgumentHelp("Also post a --url of this scheme (e.g. mailto); repeatable. The subscriber still sees a warning.", valueName: "scheme"))
    var allowedSchemes: [String] = []
    @Option(help: "Expiry: a duration like 30m, 12h, 7d.") var expires: String?
    @Option(help: "Reprint the message with this history id.") var reprint: Int64?
    @Option(name: .shortAndLong, help: "The message's QR code (.png, .svg, .pdf; - for a PNG on standard output).") var output: String
    @Flag(help: "Overwrite the output file if it exists.") var force = false
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var linkOptions: LinkOptions

    func validate() throws {
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
        try FileWriter.checkWritable(output, replacing: force)
        let store = try storeOptions.open()
        if let reprint {
            guard let record = try store.message(id: reprint) else { throw CLIError("no message with id \(reprint)") }
            try writeCode([UInt8](record.encoded), to: output, overwrite: force, link: linkOptions.base(in: store))
            StandardStreams.status("reprinted message \(reprint) → \(output)")
            return
        }
        let now = Date()
        let message = ChannelMessage(kind: url == nil ? .text : .url, created: now,
                                     expires: expires.flatMap(Self.duration).map { now.addingTimeInterval($0) }, content: url ?? text!)
        // Recorded as published only once its code is written (too large a message or link, a missing directory: nothing recorded).
        let link = try linkOptions.base(in: store)
        let (record, _) = try store.publish(message, in: channel!, owner: storeOptions.identity(in: store)) { code in
            try writeCode(code, to: output, overwrite: force, link: link)
        }
        StandardStreams.status("message \(record.id ?? 0) on \"\(DisplayName.escaped(channel!))\" → \(output)")
    }
}
