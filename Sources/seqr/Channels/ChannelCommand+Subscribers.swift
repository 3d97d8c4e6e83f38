import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCore
import SeqrStore

extension ChannelCommand {
    struct Subscribers: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "subscribers", abstract: "List everyone you shared a channel with, and who was removed.")
        @Argument(help: "Your channel (name or id).") var channel: String
        @Flag(help: "Print JSON.") var json = false
        @OptionGroup var storeOptions: StoreOptions

        struct Row: Encodable { let name: String; let fingerprint: String; let sharedAt: Date; let removedAt: Date? }

        func run() throws {
            let rows = try storeOptions.open().subscribers(of: channel).map {
                Row(name: $0.name, fingerprint: $0.fingerprint, sharedAt: $0.shared, removedAt: $0.removed)
            }
            if json { return try JSONOutput.print(rows) }
            if rows.isEmpty { StandardStreams.print("no subscribers recorded (shares made before seqr recorded them are not listed)") }
            for row in rows {
                let state = row.removedAt.map { "removed \($0.formatted(.iso8601))" } ?? "shared \(row.sharedAt.formatted(.iso8601))"
                StandardStreams.print("\(row.fingerprint)  \(DisplayName.escaped(row.name))  (\(state))")
            }
        }
    }
}

extension ChannelCommand {
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a subscriber: the channel moves to a new epoch, and a rekey code gives the others its key.",
            discussion: """
            Messages posted afterwards use the new epoch; the removed subscriber cannot read them. Every \
            other subscriber scans the rekey code (`seqr scan`) to read on; their older messages stay \
            readable. More than 16 subscribers need several codes: rekey-1.png, rekey-2.png, …
              seqr channel remove Garden --subscriber Carol -o rekey.png
            """)
        @Argument(help: "Your channel (name or id).") var channel: String
        @Option(help: "The subscriber to remove: name (in any case; the exact case picks one of two names that differ only in case), or fingerprint (a prefix will do).") var subscriber: String
        @Option(name: .shortAndLong, help: "The rekey QR code (.png, .svg, .pdf); numbered when several.") var output: String
        @Flag(help: "Overwrite the output files if they exist.") var force = false
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var linkOptions: LinkOptions

        func run() throws {
            let store = try storeOptions.open()
            let link = try linkOptions.base(in: store)
            // The channel moves only once every code is written.
            let (removed, channel, codes) = try store.removeSubscriber(subscriber, from: self.channel, owner: storeOptions.identity(in: store)) { codes in
                for (code, path) in zip(codes, Self.paths(output, count: codes.count)) { try writeCode(code, to: path, overwrite: force, link: link) }
            }
            let paths = Self.paths(output, count: codes.count)
            StandardStreams.status("removed \(DisplayName.escaped(removed.name)) (\(removed.fingerprint)) from \"\(DisplayName.escaped(channel.name))\"; now epoch \(channel.epoch)")
            StandardStreams.status("rekey code\(codes.count > 1 ? "s" : "") for the other subscribers → \(paths.joined(separator: ", "))")
        }

        /// `path` itself for one code; else `name-1.ext`, `name-2.ext`, ….
        static func paths(_ path: String, count: Int) -> [String] {
            guard count > 1 else { return [path] }
            let url = URL(fileURLWithPath: path)
            let ext = url.pathExtension, base = ext.isEmpty ? path : String(path.dropLast(ext.count + 1))
            return (1...count).map { ext.isEmpty ? "\(base)-\($0)" : "\(base)-\($0).\(ext)" }
        }
    }
}
