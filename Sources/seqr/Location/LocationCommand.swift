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
          seqr location extend SHARE --expires 24h # the same link, a new expiry
          seqr location push --lat 47.3769 --lon 8.5417 --accuracy 12
          seqr location push --follow track.gpx    # or an NMEA log; --tail keeps watching it
          seqr location follow 'https://HOST/l/…#k=…'

        --format cryptojs writes Berry Picker Tracker's CryptoJS strings (AES-128-CBC): \
        UNAUTHENTICATED — a server can alter positions undetected. Only to interoperate.
        """,
        subcommands: [Push.self, Share.self, Shares.self, Extend.self, Rotate.self, Revoke.self, Follow.self])
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

    /// The name `--format` takes for it, which `--json` prints too.
    var commandLineName: String {
        switch self {
        case .seqrLocationV1: "seqr"
        case .cryptoJS: "cryptojs"
        }
    }
}
