import Foundation
import SeqrCLISupport
import SeqrCore
import SeqrStore

extension LocalStore {
    /// The local share whose id starts with `prefix` (at least 4 characters), on `server`; a link as
    /// `share` and `rotate` print it (`…/l/<id>#k=<key>`) names its share, so `link=$(seqr location rotate "$link")` chains.
    func ownedShare(matching text: String, server: String) throws -> OwnedLocationShare {
        let prefix = Self.shareID(in: text)
        guard prefix.count >= 4 else { throw CLIError("give at least 4 characters of the share id", status: .usage) }
        let matches = try locationShares(server: server).filter { $0.id.hasPrefix(prefix) }
        guard let share = matches.first else { throw CLIError("no share \(prefix)… in this store for \(server) (see `seqr location shares`)") }
        guard matches.count == 1 else { throw CLIError("\(prefix) matches \(matches.count) shares; give more of the id") }
        return share
    }

    /// The id in a share link's path (`…/l/<id>`, before any `?` or `#`), else `text` itself.
    static func shareID(in text: String) -> String {
        guard text.contains("://"), let range = text.range(of: "/l/", options: .backwards) else { return text }
        return String(text[range.upperBound...].prefix { $0 != "#" && $0 != "?" && $0 != "/" })
    }
}
