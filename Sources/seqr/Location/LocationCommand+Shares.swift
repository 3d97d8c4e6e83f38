import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrStore

extension LocationCommand {
    struct Shares: AsyncParsableCommand {
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
                Output(id: share.id, format: share.format.commandLineName, createdAt: share.createdAt, expiresAt: share.expiresAt,
                       expired: share.expiresAt.map { $0 <= now } ?? false, fixes: share.fixes, lastFixAt: share.lastFixAt,
                       keyInThisStore: local[share.id] != nil,
                       link: links ? local[share.id].map { LocationShareLink(base: publicURL ?? client.server, shareID: $0.id, key: $0.key).description } : nil)
            }
            if options.json { try JSONOutput.print(rows); return }
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
}
