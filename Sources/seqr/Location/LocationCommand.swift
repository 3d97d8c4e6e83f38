import ArgumentParser
import Foundation
import SeqrCloudClient
import SeqrCore
import SeqrQR
import SeqrStore

struct LocationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "location",
        abstract: "Share your live location end-to-end encrypted through a seqr-server.",
        discussion: """
        Each share has its own random key, which travels only in the link's fragment \
        (https://HOST/l/<share id>#k=<key>): the server stores ciphertext and never sees a key or a \
        position. Anyone with the link can follow, with `seqr location follow` or in a browser. \
        Sign in first with `seqr notes login` (same account).

          seqr location share --expires 24h        # prints the link and its QR code
          seqr location push --lat 47.3769 --lon 8.5417 --accuracy 12
          seqr location push --follow track.gpx    # or an NMEA log; --tail keeps watching it
          seqr location follow 'https://HOST/l/…#k=…'

        --format cryptojs writes Berry Picker Tracker's CryptoJS strings (AES-128-CBC): \
        UNAUTHENTICATED — a server can alter positions undetected. Only to interoperate.
        """,
        subcommands: [LocationPush.self, LocationShare.self, LocationShares.self, LocationRotate.self, LocationRevoke.self, LocationFollow.self])
}

/// The server, the local store (session token and share keys) and --json.
struct LocationOptions: ParsableArguments {
    @Option(help: "The seqr-server URL (default: the signed-in session's, else $SEQR_NOTES_SERVER, else http://127.0.0.1:8080).")
    var server: String?

    @Option(help: "The local store directory, where the session token and share keys are kept.")
    var store: String?

    @Flag(name: .customLong("insecure-http"), help: "Allow plain http:// to a host other than loopback (the session token then crosses the network in the clear).")
    var insecureHTTP = false

    @Flag(help: "Print JSON (follow: one JSON object per line).") var json = false

    func openStore() throws -> LocalStore {
        try LocalStore(directory: store ?? LocalStore.defaultDirectory(), passphrase: StoreOptions.passphraseSource(file: nil))
    }

    func signedIn(_ store: LocalStore) throws -> (NotesSession, ServerClient) {
        guard let session = try store.notesSession() else {
            throw CLIError("not signed in: run `seqr notes register USER` or `seqr notes login USER` first")
        }
        let server = server ?? session.server
        return (session, ServerClient(server: server, token: session.token, allowsInsecureHTTP: insecureHTTP))
    }

    func printJSON(_ value: some Encodable, pretty: Bool = true) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        StandardStreams.print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}

/// Server answers about shares, as lines a person can act on.
func locationFailure(_ error: Error) -> Error {
    guard let failure = error as? ServerClientError else { return error }
    switch failure.code {
    case "share_not_found": return CLIError("no such share on the server: it was revoked or rotated, or the link is mistyped")
    case "share_expired": return CLIError("this share has expired")
    default: return notesFailure(error)
    }
}

func withLocationErrors<T>(_ body: () async throws -> T) async throws -> T {
    do { return try await body() } catch { throw locationFailure(error) }
}

extension LocalStore {
    /// The local share whose id starts with `prefix` (at least 4 characters), on `server`.
    func ownedShare(matching prefix: String, server: String) throws -> OwnedLocationShare {
        guard prefix.count >= 4 else { throw CLIError("give at least 4 characters of the share id") }
        let matches = try locationShares(server: server).filter { $0.id.hasPrefix(prefix) }
        guard let share = matches.first else { throw CLIError("no share \(prefix)… in this store for \(server) (see `seqr location shares`)") }
        guard matches.count == 1 else { throw CLIError("\(prefix) matches \(matches.count) shares; give more of the id") }
        return share
    }
}

/// A new or rotated share: its key saved here, the recent own track uploaded under it, and the link printed.
struct ShareAnnouncement {
    let options: LocationOptions
    let publicURL: String?
    let qr: String?
    let showQR: Bool

    func announce(_ share: LocationAPI.Share, key: LocationShareKey, client: ServerClient, store: LocalStore, verb: String) async throws {
        try store.saveLocationShare(OwnedLocationShare(id: share.id, server: client.server, key: key, created: share.createdAt, expires: share.expiresAt))
        // Start the share with the recent track (what the server would still keep of it).
        let recent = try store.ownFixes(since: Date().addingTimeInterval(-24 * 3600)).suffix(LocationAPI.maxFixesPerUpload)
        if !recent.isEmpty {
            _ = try await withLocationErrors { try await client.pushFixes(shareID: share.id, data: try recent.map { try key.seal($0, shareID: share.id) }) }
        }
        let link = LocationShareLink(base: publicURL ?? client.server, shareID: share.id, key: key)
        let symbol = try QREncoder.encode(Data(link.description.utf8), options: QREncodingOptions(errorCorrection: .M))
        if let qr { try writeSymbol(symbol, to: qr) }
        if share.format == .cryptoJS { StandardStreams.warn("CryptoJS format is unauthenticated: the server could alter positions undetected") }
        if options.json {
            try options.printJSON(ShareOutput(id: share.id, link: link.description, format: share.format.rawValue, expiresAt: share.expiresAt,
                                              fixesUploaded: recent.count, qr: qr))
            return
        }
        StandardStreams.print("\(verb) share \(share.id) (\(share.format.rawValue))\(share.expiresAt.map { ", expires \(ISO8601DateFormatter().string(from: $0))" } ?? "")")
        if !recent.isEmpty { StandardStreams.print("uploaded the last \(recent.count) own fix\(recent.count == 1 ? "" : "es")") }
        StandardStreams.print("anyone with this link can follow you until it is rotated or revoked:\n\(link)")
        if let qr { StandardStreams.print("QR code → \(qr)") }
        if showQR && qr == nil { StandardStreams.print(symbol.terminalText(colors: false)) }
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

extension LocationFormat: ExpressibleByArgument {
    public init?(argument: String) {
        switch argument {
        case "seqr", "seqr-location-v1": self = .seqrLocationV1
        case "cryptojs", "cryptojs-aes128cbc": self = .cryptoJS
        default: return nil
        }
    }
    public static var allValueStrings: [String] { ["seqr", "cryptojs"] }
}
