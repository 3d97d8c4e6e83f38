import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrQR
import SeqrStore

/// A new or rotated share: its key saved here, the recent own track uploaded under it if asked
/// (`--backfill`, and always on rotation), and the link printed.
struct ShareAnnouncement {
    let options: LocationOptions
    let publicURL: String?
    let qr: String?
    let showQR: Bool
    /// Start the share with the own fixes of the last 24 hours (what the server would still keep of them).
    let backfill: Bool

    func announce(_ share: LocationAPI.Share, key: LocationShareKey, client: ServerClient, store: LocalStore, verb: String) async throws {
        try store.saveLocationShare(OwnedLocationShare(id: share.id, server: client.server, key: key, created: share.createdAt, expires: share.expiresAt))
        let recent = backfill ? try store.ownFixes(since: Date().addingTimeInterval(-24 * 3600)).suffix(LocationAPI.maxFixesPerUpload) : []
        if !recent.isEmpty {
            _ = try await withLocationErrors { try await client.pushFixes(shareID: share.id, data: recent.map { key.seal($0, shareID: share.id) }) }
        }
        let link = LocationShareLink(base: publicURL ?? client.server, shareID: share.id, key: key)
        let symbol = try QREncoder.encode(Data(link.description.utf8), options: QREncodingOptions(errorCorrection: .M))
        if let qr { try writeSymbol(symbol, to: qr) }
        if share.format == .cryptoJS { StandardStreams.warn("CryptoJS format is unauthenticated: the server could alter positions undetected") }
        if options.json {
            try JSONOutput.print(ShareOutput(id: share.id, link: link.description, format: share.format.commandLineName, expiresAt: share.expiresAt,
                                              fixesUploaded: recent.count, qr: qr))
            return
        }
        // Standard output carries the link (and the QR code drawn for a terminal); what was done goes to standard error.
        StandardStreams.warn("\(verb) share \(share.id) (\(share.format.commandLineName))\(share.expiresAt.map { ", expires \(ISO8601DateFormatter().string(from: $0))" } ?? "")")
        if !recent.isEmpty { StandardStreams.warn("uploaded the last \(recent.count) own fix\(recent.count == 1 ? "" : "es")") }
        if let qr { StandardStreams.warn("wrote the link's QR code to \(qr)") }
        StandardStreams.warn("anyone with this link can follow you until it \(share.expiresAt == nil ? "is" : "expires, is") rotated or revoked:")
        StandardStreams.print(link.description)
        if showQR && qr == nil && StandardStreams.outputIsTerminal { StandardStreams.print(symbol.terminalText(colors: false)) }
    }
}

struct ShareOutput: Encodable {
    let id: String
    let link: String
    let format: String
    let expiresAt: Date?
    let fixesUploaded: Int
    let qr: String?
}
