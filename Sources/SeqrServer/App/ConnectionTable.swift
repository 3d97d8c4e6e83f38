import NIOConcurrencyHelpers
import NIOCore

/// Every open HTTP connection of one server, by client address (``AddressPrefix``: an IPv6 address
/// by its /64): the per-address cap is checked here when a connection opens, and near the server's
/// connection cap the longest-idle connection is chosen here to be closed.
///
/// One client address may hold at most ``ConnectionLimits/perAddress`` connections; a reverse
/// proxy's address (``TrustedProxies``) is exempt, since every client behind it shares it. Once the
/// server holds ``evictionThreshold`` connections, each new one closes the connection idle longest
/// (between requests, or opened and silent): a client holding many keep-alive connections loses
/// them before anyone waits in the listen backlog, while requests in progress and live feeds are
/// never cut. Touched when a connection opens and closes, never per request: a request only sets
/// its own connection's idle mark (``ConnectionGuard``).
final class ConnectionTable: Sendable {
    /// A connection as the table sees it: its address prefix, and when it last became idle.
    final class Entry: Sendable {
        let prefix: String
        let channel: any Channel
        /// When the connection's last response ended (or it opened); nil while a request is in progress.
        let idleSince = NIOLockedValueBox<NIODeadline?>(.now())

        init(prefix: String, channel: any Channel) {
            self.prefix = prefix
            self.channel = channel
        }
    }

    enum Admission: Equatable {
        case admitted
        /// The address already holds its cap.
        case addressFull(Int)
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var perPrefix: [String: Int] = [:]
        /// Entries chosen to be closed but not yet gone, which no later choice picks again.
        var closing: Set<ObjectIdentifier> = []
    }

    let perAddress: Int
    let evictionThreshold: Int
    private let exempt: Set<String>
    private let state = NIOLockedValueBox(State())

    /// - Parameters:
    ///   - perAddress: connections one address prefix may hold.
    ///   - evictionThreshold: open connections from which each new one closes the longest-idle one.
    ///   - exempt: addresses not capped (trusted proxies), in ``TrustedProxies/normalize(_:)``'s form.
    init(perAddress: Int, evictionThreshold: Int, exempt: Set<String> = []) {
        self.perAddress = perAddress
        self.evictionThreshold = evictionThreshold
        self.exempt = exempt
    }

    /// Connections open now.
    var count: Int { state.withLockedValue { $0.entries.count } }

    /// Counts a new connection from `address`, or refuses it when its prefix holds its cap already.
    /// When admitted at or past ``evictionThreshold``, also returns the longest-idle other connection,
    /// for the caller to close.
    func open(_ entry: Entry, address: String?) -> (Admission, evict: Entry?) {
        let capped = address.map { !exempt.contains($0) } ?? true
        return state.withLockedValue { state -> (Admission, evict: Entry?) in
            if capped, state.perPrefix[entry.prefix, default: 0] >= perAddress { return (.addressFull(perAddress), nil) }
            state.entries[ObjectIdentifier(entry)] = entry
            state.perPrefix[entry.prefix, default: 0] += 1
            guard state.entries.count - state.closing.count > evictionThreshold else { return (.admitted, nil) }
            // Rare (only near the cap), so a scan of every connection is cheap enough.
            var oldest: (id: ObjectIdentifier, entry: Entry, since: NIODeadline)?
            for (id, other) in state.entries where other !== entry && !state.closing.contains(id) {
                guard let since = other.idleSince.withLockedValue({ $0 }) else { continue }
                if oldest.map({ since < $0.since }) ?? true { oldest = (id, other, since) }
            }
            guard let oldest else { return (.admitted, nil) }
            state.closing.insert(oldest.id)
            return (.admitted, oldest.entry)
        }
    }

    /// The connection closed (or was refused: then it was never counted, and this does nothing).
    func close(_ entry: Entry) {
        state.withLockedValue { state in
            let id = ObjectIdentifier(entry)
            guard state.entries.removeValue(forKey: id) != nil else { return }
            state.closing.remove(id)
            state.perPrefix[entry.prefix, default: 1] -= 1
            if state.perPrefix[entry.prefix] == 0 { state.perPrefix[entry.prefix] = nil }
        }
    }

    /// A connection chosen to be closed turned out busy by the time its own event loop looked: it stays.
    func spare(_ entry: Entry) {
        state.withLockedValue { _ = $0.closing.remove(ObjectIdentifier(entry)) }
    }
}
