import Crypto

/// The local Safe Browsing database: each list's client state and hash prefixes, when the next
/// update and the next full-hash request are allowed, and the cached full-hash answers. It holds
/// no URL: only what the server sent and the prefixes it confirmed or denied.
/// Spec: docs/formats/safe-browsing-store.md. Integers big-endian; times in Unix milliseconds.
///
/// | offset | length | field |
/// | --- | --- | --- |
/// | 0 | 4 | magic "SQSB" |
/// | 4 | 1 | version, 1 |
/// | 5 | 8 | next update allowed at (Int64) |
/// | 13 | 8 | next full-hash request allowed at (Int64) |
/// | 21 | 2 | failed updates in a row (UInt16), for the back-off |
/// | 23 | 2 | number of lists L (UInt16) |
/// | 25 | … | L lists: three names (UInt8 length + ASCII each: threat, platform, entry type), client state (UInt32 length + bytes), updated at (Int64), number of prefix sizes G (UInt8), G × (size UInt8 4…32, count UInt32, count × size bytes, sorted) |
/// | … | … | positive cache: count (UInt32), each: full hash (32), list index (UInt16), expires at (Int64) |
/// | … | … | negative cache: count (UInt32), each: prefix size (UInt8), prefix, expires at (Int64) |
/// | end − 32 | 32 | SHA-256 of everything before it |
struct SafeBrowsingStore: Equatable, Sendable {
    static let magic = Array("SQSB".utf8)
    static let version: UInt8 = 1

    struct ListState: Equatable, Sendable {
        var list: SafeBrowsingList
        /// Empty for a list never downloaded or cleared after a failed check: the next update is full.
        var clientState: [UInt8] = []
        var prefixes = HashPrefixList()
        var updatedAt: Int64 = 0
    }

    struct PositiveEntry: Equatable, Sendable {
        var fullHash: [UInt8]
        var listIndex: Int
        var expiresAt: Int64
    }

    struct NegativeEntry: Equatable, Sendable {
        var prefix: [UInt8]
        var expiresAt: Int64
    }

    var nextUpdateAt: Int64 = 0
    var nextFindAt: Int64 = 0
    var failedUpdates: UInt16 = 0
    var lists: [ListState]
    var positive: [PositiveEntry] = []
    var negative: [NegativeEntry] = []

    init(lists: [SafeBrowsingList]) {
        self.lists = lists.map { ListState(list: $0) }
    }

    func serialized() -> [UInt8] {
        var out = Self.magic + [Self.version]
        out.appendBigEndian(UInt64(bitPattern: nextUpdateAt))
        out.appendBigEndian(UInt64(bitPattern: nextFindAt))
        out.appendBigEndian(UInt64(failedUpdates), bytes: 2)
        out.appendBigEndian(UInt64(lists.count), bytes: 2)
        for state in lists {
            for name in [state.list.threatType, state.list.platformType, state.list.threatEntryType] {
                out.append(UInt8(name.utf8.count))
                out += name.utf8
            }
            out.appendBigEndian(UInt64(state.clientState.count), bytes: 4)
            out += state.clientState
            out.appendBigEndian(UInt64(bitPattern: state.updatedAt))
            let groups = Dictionary(grouping: state.prefixes.prefixes, by: \.count).sorted { $0.key < $1.key }
            out.append(UInt8(groups.count))
            for (size, prefixes) in groups {
                out.append(UInt8(size))
                out.appendBigEndian(UInt64(prefixes.count), bytes: 4)
                for prefix in prefixes { out += prefix }
            }
        }
        out.appendBigEndian(UInt64(positive.count), bytes: 4)
        for entry in positive {
            out += entry.fullHash
            out.appendBigEndian(UInt64(entry.listIndex), bytes: 2)
            out.appendBigEndian(UInt64(bitPattern: entry.expiresAt))
        }
        out.appendBigEndian(UInt64(negative.count), bytes: 4)
        for entry in negative {
            out.append(UInt8(entry.prefix.count))
            out += entry.prefix
            out.appendBigEndian(UInt64(bitPattern: entry.expiresAt))
        }
        return out + SHA256.hash(data: out)
    }

    init(parsing bytes: [UInt8]) throws(URLSafetyError) {
        guard bytes.count >= 5 else { throw .storeTruncated }
        guard Array(bytes.prefix(4)) == Self.magic else { throw .storeNotASafeBrowsingStore }
        guard bytes[4] == Self.version else { throw .storeUnsupportedVersion(bytes[4]) }
        guard bytes.count >= 5 + 20 + 8 + 32 else { throw .storeTruncated }
        let body = Array(bytes.dropLast(32))
        guard Array(SHA256.hash(data: body)) == Array(bytes.suffix(32)) else { throw .storeDamaged }

        var reader = StoreReader(body, offset: 5)
        nextUpdateAt = Int64(bitPattern: try reader.integer(8))
        nextFindAt = Int64(bitPattern: try reader.integer(8))
        failedUpdates = UInt16(try reader.integer(2))
        lists = []
        for _ in 0..<(try reader.integer(2)) {
            var names: [String] = []
            for _ in 0..<3 {
                let name = try reader.take(Int(try reader.integer(1)))
                let text = String(decoding: name, as: UTF8.self)
                guard Array(text.utf8) == name else { throw .storeInvalid("a list name is not text") }
                names.append(text)
            }
            var state = ListState(list: SafeBrowsingList(threatType: names[0], platformType: names[1], threatEntryType: names[2]))
            state.clientState = try reader.take(Int(try reader.integer(4)))
            state.updatedAt = Int64(bitPattern: try reader.integer(8))
            var prefixes: [[UInt8]] = []
            for _ in 0..<(try reader.integer(1)) {
                let size = Int(try reader.integer(1))
                guard (4...32).contains(size) else { throw .storeInvalid("prefix size \(size)") }
                let count = Int(try reader.integer(4))
                guard count <= reader.remaining / size else { throw .storeTruncated }
                for _ in 0..<count { prefixes.append(try reader.take(size)) }
            }
            state.prefixes = HashPrefixList(prefixes)
            lists.append(state)
        }
        for _ in 0..<(try reader.integer(4)) {
            let hash = try reader.take(32)
            let index = Int(try reader.integer(2))
            guard index < lists.count else { throw .storeInvalid("a cached match names list \(index) of \(lists.count)") }
            positive.append(PositiveEntry(fullHash: hash, listIndex: index, expiresAt: Int64(bitPattern: try reader.integer(8))))
        }
        for _ in 0..<(try reader.integer(4)) {
            let size = Int(try reader.integer(1))
            guard (4...32).contains(size) else { throw .storeInvalid("prefix size \(size)") }
            negative.append(NegativeEntry(prefix: try reader.take(size), expiresAt: Int64(bitPattern: try reader.integer(8))))
        }
        guard reader.remaining == 0 else { throw .storeInvalid("\(reader.remaining) bytes after the caches") }
    }
}

/// Reads the store's big-endian fields; running out is `storeTruncated`, never an index past the end.
private struct StoreReader {
    let bytes: [UInt8]
    var offset: Int

    init(_ bytes: [UInt8], offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    var remaining: Int { bytes.count - offset }

    mutating func take(_ count: Int) throws(URLSafetyError) -> [UInt8] {
        guard count >= 0, remaining >= count else { throw .storeTruncated }
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    mutating func integer(_ size: Int) throws(URLSafetyError) -> UInt64 {
        try take(size).reduce(0) { $0 << 8 | UInt64($1) }
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt64, bytes: Int = 8) {
        for shift in stride(from: (bytes - 1) * 8, through: 0, by: -8) { append(UInt8((value >> UInt64(shift)) & 0xFF)) }
    }
}
