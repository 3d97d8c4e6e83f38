import Foundation
import SeqrCLISupport
import SeqrCore
import SeqrStore

extension LocalStore {
    /// The local share whose id starts with `prefix` (at least 4 characters), on `server`.
    func ownedShare(matching prefix: String, server: String) throws -> OwnedLocationShare {
        guard prefix.count >= 4 else { throw CLIError("give at least 4 characters of the share id", status: .usage) }
        let matches = try locationShares(server: server).filter { $0.id.hasPrefix(prefix) }
        guard let share = matches.first else { throw CLIError("no share \(prefix)… in this store for \(server) (see `seqr location shares`)") }
        guard matches.count == 1 else { throw CLIError("\(prefix) matches \(matches.count) shares; give more of the id") }
        return share
    }
}
