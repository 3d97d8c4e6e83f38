import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore

/// What Safe Browsing said about one URL.
public struct SafeBrowsingAnswer: Equatable, Sendable {
    /// Threat types confirmed by a full hash; empty when nothing matched.
    public var threats: [String] = []
    /// False when no list could be used, or a local match could not be confirmed: never "safe" then.
    public var checked = false
    /// What limited the check, for the user.
    public var notes: [String] = []

    public init(threats: [String] = [], checked: Bool = false, notes: [String] = []) {
        self.threats = threats
        self.checked = checked
        self.notes = notes
    }
}

/// A Google Safe Browsing v4 Update API client. It keeps the threat lists' hash prefixes in a local
/// database (`databasePath`) refreshed with `threatListUpdates:fetch`, no sooner than the server's
/// `minimumWaitDuration`, and checks a URL by hashing its host/path expressions on this machine.
/// Only when a hash begins with a listed prefix does it ask `fullHashes:find`, sending that prefix
/// (4 bytes, usually shared by many URLs) and the lists' states: the URL, its host and its full
/// hashes never leave the machine. Answers are cached for the durations the server gives.
public actor SafeBrowsingUpdateClient {
    public static let defaultEndpoint = "https://safebrowsing.googleapis.com/v4"

    public nonisolated let endpoint: String
    public nonisolated let databasePath: String
    public nonisolated let lists: [SafeBrowsingList]
    /// The shortest time between updates even when the server allows less (Google's client: 30 minutes).
    public nonisolated let updateInterval: Double
    private let apiKey: String
    /// How long one request may take before the service counts as unreachable.
    private let timeout: TimeAmount
    private var store: SafeBrowsingStore?
    /// The time, for the waits the server asks for (tests move it forward instead of sleeping).
    private let clock: @Sendable () -> Date

    public init(apiKey: String, databasePath: String, endpoint: String = SafeBrowsingUpdateClient.defaultEndpoint,
                lists: [SafeBrowsingList] = SafeBrowsingList.defaults, updateInterval: Double = 1800, timeout: Double = 30,
                clock: @escaping @Sendable () -> Date = Date.init) {
        self.clock = clock
        self.apiKey = apiKey
        self.databasePath = databasePath
        var base = endpoint
        while base.hasSuffix("/") { base.removeLast() }
        // SEQR_SAFE_BROWSING_ENDPOINT used to name the Lookup API's method; its base still serves.
        if base.hasSuffix("/threatMatches:find") { base.removeLast("/threatMatches:find".count) }
        self.endpoint = base
        self.lists = lists
        self.updateInterval = updateInterval
        self.timeout = .milliseconds(Int64(timeout * 1000))
    }

    public func check(_ url: String) async -> SafeBrowsingAnswer {
        var answer = SafeBrowsingAnswer()
        var store = loadedStore(notes: &answer.notes)
        let now = nowMillis()
        if now >= store.nextUpdateAt {
            // Claimed before the await, so that a check entering meanwhile does not fetch too.
            self.store?.nextUpdateAt = now + 60_000
            do {
                answer.notes += try await update(&store, now: now)
            } catch {
                answer.notes.append("\(error)")
                store.failedUpdates = store.failedUpdates &+ 1
                store.nextUpdateAt = now + Self.backOff(failures: Int(store.failedUpdates))
            }
            persist(store, notes: &answer.notes)
        }

        let usable = store.lists.indices.filter { !store.lists[$0].clientState.isEmpty }
        guard !usable.isEmpty else {
            answer.notes.append("the Safe Browsing lists are not downloaded yet")
            return answer
        }
        for index in store.lists.indices where !usable.contains(index) {
            answer.notes.append("the Safe Browsing list \(store.lists[index].list) is not downloaded yet")
        }
        let hashes: [[UInt8]]
        do {
            hashes = try SafeBrowsingURL(parsing: url).expressions.map { Array(SHA256.hash(data: Array($0.utf8))) }
        } catch {
            answer.notes.append("\(error)")
            return answer
        }
        var matches: [(hash: [UInt8], prefix: [UInt8])] = []
        for hash in hashes {
            for index in usable {
                if let prefix = store.lists[index].prefixes.prefix(of: hash) { matches.append((hash, prefix)) }
            }
        }
        answer.checked = true
        guard !matches.isEmpty else { return answer }

        let cached = Self.cached(matches, in: store, now: now)
        var threats = cached.threats
        let unknown = cached.unknown
        if !unknown.isEmpty {
            if now < store.nextFindAt {
                answer.checked = false
                answer.notes.append("a local Safe Browsing prefix matched, but the server asked to wait before confirming it")
            } else {
                do {
                    try await findFullHashes(Set(unknown.map { $0.prefix }), store: &store, usable: usable, now: now)
                    threats.formUnion(Self.cached(unknown, in: store, now: now).threats)
                } catch {
                    answer.checked = false
                    answer.notes.append("\(error)")
                }
                persist(store, notes: &answer.notes)
            }
        }
        answer.threats = threats.sorted()
        return answer
    }

    // MARK: Updates

    private func update(_ store: inout SafeBrowsingStore, now: Int64) async throws(URLSafetyError) -> [String] {
        let request = SafeBrowsingAPI.FetchRequest(listUpdateRequests: store.lists.map {
            .init(threatType: $0.list.threatType, platformType: $0.list.platformType, threatEntryType: $0.list.threatEntryType,
                  state: $0.clientState.isEmpty ? nil : Data($0.clientState).base64EncodedString())
        })
        let response: SafeBrowsingAPI.FetchResponse = try await post("threatListUpdates:fetch", request)
        let wait = SafeBrowsingAPI.seconds(response.minimumWaitDuration) ?? 0
        // The wait counts from the answer, not from the request: a slow answer must not use it up.
        store.nextUpdateAt = nowMillis() + Int64(max(wait, updateInterval) * 1000)
        store.failedUpdates = 0
        var notes: [String] = []
        for update in response.listUpdateResponses ?? [] {
            guard let index = store.lists.firstIndex(where: {
                $0.list.threatType == update.threatType && $0.list.platformType == update.platformType && $0.list.threatEntryType == update.threatEntryType
            }) else { continue }  // a list not asked for
            do {
                store.lists[index] = try Self.apply(update, to: store.lists[index], now: now)
            } catch {
                // As the spec says: clear the list, so that the next update fetches it whole.
                store.lists[index] = SafeBrowsingStore.ListState(list: store.lists[index].list)
                notes.append("\(error)")
            }
        }
        return notes
    }

    static func apply(_ update: SafeBrowsingAPI.FetchResponse.ListUpdate, to state: SafeBrowsingStore.ListState, now: Int64) throws(URLSafetyError) -> SafeBrowsingStore.ListState {
        var prefixes: HashPrefixList
        switch update.responseType {
        case "FULL_UPDATE":
            prefixes = HashPrefixList()
        case "PARTIAL_UPDATE":
            prefixes = state.prefixes
            var indices: [Int] = []
            for removal in update.removals ?? [] {
                guard removal.riceIndices == nil else { throw .malformedResponse("Rice-coded removals, which were not asked for") }
                indices += removal.rawIndices?.indices ?? []
            }
            try prefixes.remove(indices: indices)
        default:
            throw .malformedResponse("response type \(update.responseType ?? "missing")")
        }
        for addition in update.additions ?? [] {
            guard addition.riceHashes == nil else { throw .malformedResponse("Rice-coded additions, which were not asked for") }
            guard let raw = addition.rawHashes, let size = raw.prefixSize, let bytes = SafeBrowsingAPI.bytes(base64: raw.rawHashes) else {
                throw .malformedResponse("an addition without raw hashes")
            }
            try prefixes.add(size: size, concatenated: bytes)
        }
        guard let expected = SafeBrowsingAPI.bytes(base64: update.checksum?.sha256), expected.count == 32 else {
            throw .malformedResponse("a list update without its SHA-256 checksum")
        }
        guard prefixes.checksum == expected else { throw .checksumMismatch(list: state.list.description) }
        guard let newState = SafeBrowsingAPI.bytes(base64: update.newClientState), !newState.isEmpty else {
            throw .malformedResponse("a list update without a new client state")
        }
        return SafeBrowsingStore.ListState(list: state.list, clientState: newState, prefixes: prefixes, updatedAt: now)
    }

    /// The spec's back-off after failed updates: min(2^(n−1) × 15 minutes × (1 + random), 24 hours).
    static func backOff(failures: Int) -> Int64 {
        let minutes = 15.0 * pow(2, Double(max(0, min(failures - 1, 10)))) * (1 + Double.random(in: 0..<1))
        return Int64(min(minutes * 60, 24 * 3600) * 1000)
    }

    // MARK: Full hashes

    /// Threats of matches whose full hash is cached as listed, and the matches the cache cannot
    /// answer: no live entry for the full hash and no live negative entry for its prefix (an expired
    /// entry for the full hash must be asked again).
    private static func cached(_ matches: [(hash: [UInt8], prefix: [UInt8])], in store: SafeBrowsingStore, now: Int64)
        -> (threats: Set<String>, unknown: [(hash: [UInt8], prefix: [UInt8])]) {
        var threats = Set<String>(), unknown: [(hash: [UInt8], prefix: [UInt8])] = []
        for match in matches {
            let entries = store.positive.filter { $0.fullHash == match.hash }
            let live = entries.filter { $0.expiresAt > now }
            if !live.isEmpty {
                threats.formUnion(live.map { store.lists[$0.listIndex].list.threatType })
            } else if !entries.isEmpty || !store.negative.contains(where: { $0.prefix == match.prefix && $0.expiresAt > now }) {
                unknown.append(match)
            }
        }
        return (threats, unknown)
    }

    private func findFullHashes(_ prefixes: Set<[UInt8]>, store: inout SafeBrowsingStore, usable: [Int], now: Int64) async throws(URLSafetyError) {
        let lists = usable.map { store.lists[$0].list }
        func unique(_ values: [String]) -> [String] { Array(Set(values)).sorted() }
        let request = SafeBrowsingAPI.FindRequest(
            clientStates: usable.map { Data(store.lists[$0].clientState).base64EncodedString() },
            threatInfo: .init(threatTypes: unique(lists.map(\.threatType)), platformTypes: unique(lists.map(\.platformType)),
                              threatEntryTypes: unique(lists.map(\.threatEntryType)),
                              threatEntries: prefixes.sorted { $0.lexicographicallyPrecedes($1) }.map { ["hash": Data($0).base64EncodedString()] }))
        let response: SafeBrowsingAPI.FindResponse = try await post("fullHashes:find", request)
        store.positive.removeAll { $0.expiresAt <= now }
        store.negative.removeAll { $0.expiresAt <= now || prefixes.contains($0.prefix) }
        for match in response.matches ?? [] {
            guard let hash = SafeBrowsingAPI.bytes(base64: match.threat?.hash), hash.count == 32 else {
                throw .malformedResponse("a full-hash match without a 32-byte hash")
            }
            guard let index = store.lists.firstIndex(where: {
                $0.list.threatType == match.threatType && $0.list.platformType == match.platformType && $0.list.threatEntryType == match.threatEntryType
            }) else { continue }  // a list not asked for
            store.positive.removeAll { $0.fullHash == hash && $0.listIndex == index }
            let seconds = SafeBrowsingAPI.seconds(match.cacheDuration) ?? 0
            store.positive.append(.init(fullHash: hash, listIndex: index, expiresAt: now + Int64(seconds * 1000)))
        }
        let negativeSeconds = SafeBrowsingAPI.seconds(response.negativeCacheDuration) ?? 0
        for prefix in prefixes { store.negative.append(.init(prefix: prefix, expiresAt: now + Int64(negativeSeconds * 1000))) }
        if let wait = SafeBrowsingAPI.seconds(response.minimumWaitDuration) { store.nextFindAt = nowMillis() + Int64(wait * 1000) }
    }

    // MARK: Store and transport

    private func loadedStore(notes: inout [String]) -> SafeBrowsingStore {
        if let store { return store }
        var loaded = SafeBrowsingStore(lists: lists)
        do {
            if let stored = try SafeBrowsingStore.load(from: databasePath) {
                if stored.lists.map(\.list) == lists {
                    loaded = stored
                } else {
                    // Other lists configured: keep the states of those still wanted; timers and caches restart.
                    loaded.lists = lists.map { list in stored.lists.first { $0.list == list } ?? SafeBrowsingStore.ListState(list: list) }
                }
            }
        } catch {
            notes.append("\(error)")
        }
        store = loaded
        return loaded
    }

    private func persist(_ store: SafeBrowsingStore, notes: inout [String]) {
        var pruned = store
        let now = nowMillis()
        pruned.positive.removeAll { $0.expiresAt <= now }
        pruned.negative.removeAll { $0.expiresAt <= now }
        self.store = pruned
        do { try pruned.save(to: databasePath) } catch { notes.append("\(error)") }
    }

    private func post<Body: Encodable, Answer: Decodable>(_ method: String, _ body: Body) async throws(URLSafetyError) -> Answer {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let key = apiKey.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        var request = HTTPClientRequest(url: "\(endpoint)/\(method)?key=\(key)")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        let status: UInt
        let buffer: ByteBuffer
        do {
            request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(body)))
            let response = try await HTTPClient.shared.execute(request, timeout: timeout)
            status = response.status.code
            buffer = try await response.body.collect(upTo: 64 << 20)
        } catch {
            throw URLSafetyError.unreachable("\(error)")
        }
        guard status == 200 else { throw URLSafetyError.httpStatus(Int(status)) }
        do {
            return try JSONDecoder().decode(Answer.self, from: Data(buffer.readableBytesView))
        } catch {
            throw URLSafetyError.malformedResponse("\(error)")
        }
    }

    private func nowMillis() -> Int64 { Int64(clock().timeIntervalSince1970 * 1000) }
}
