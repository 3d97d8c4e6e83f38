import Foundation
import SeqrTestSupport
@testable import SeqrURLSafety
import Testing

/// The local prefix database file (docs/formats/safe-browsing-store.md).
@Suite("Safe Browsing store")
struct SafeBrowsingStoreTests {
    static func sample() throws -> SafeBrowsingStore {
        var store = SafeBrowsingStore(lists: SafeBrowsingList.defaults)
        store.nextUpdateAt = 1_700_000_000_123
        store.nextFindAt = 1_700_000_300_000
        store.failedUpdates = 2
        store.lists[0].clientState = Array("state-1".utf8)
        store.lists[0].updatedAt = 1_699_999_999_000
        try store.lists[0].prefixes.add(size: 4, concatenated: [9, 9, 9, 9, 1, 2, 3, 4, 0, 0, 0, 1])
        try store.lists[0].prefixes.add(size: 32, concatenated: Array(repeating: 7, count: 32))
        store.positive = [.init(fullHash: Array(repeating: 7, count: 32), listIndex: 0, expiresAt: 1_700_000_600_000)]
        store.negative = [.init(prefix: [1, 2, 3, 4], expiresAt: 1_700_000_600_000)]
        return store
    }

    @Test("a store is read back as written, prefixes sorted")
    func roundTrip() throws {
        let store = try Self.sample()
        #expect(try SafeBrowsingStore(parsing: store.serialized()) == store)
        #expect(store.lists[0].prefixes.prefixes.first == [0, 0, 0, 1])
        #expect(store.lists[0].prefixes.prefix(of: [1, 2, 3, 4] + Array(repeating: 0, count: 28)) == [1, 2, 3, 4])
        #expect(store.lists[0].prefixes.prefix(of: [1, 2, 3, 5] + Array(repeating: 0, count: 28)) == nil)
    }

    @Test("every truncation is refused with its own error, never a crash")
    func truncated() throws {
        let bytes = try Self.sample().serialized()
        for length in 0..<bytes.count {
            #expect(throws: URLSafetyError.self) { try SafeBrowsingStore(parsing: Array(bytes.prefix(length))) }
        }
        #expect(throws: URLSafetyError.storeTruncated) { try SafeBrowsingStore(parsing: Array(bytes.prefix(3))) }
    }

    @Test("a flipped byte, a foreign file and a newer version each have their error")
    func refused() throws {
        var bytes = try Self.sample().serialized()
        bytes[30] ^= 0x40
        #expect(throws: URLSafetyError.storeDamaged) { try SafeBrowsingStore(parsing: bytes) }
        #expect(throws: URLSafetyError.storeNotASafeBrowsingStore) { try SafeBrowsingStore(parsing: Array("SQLite format 3\0".utf8) + Array(repeating: 0, count: 80)) }
        var newer = try Self.sample().serialized()
        newer[4] = 2
        #expect(throws: URLSafetyError.storeUnsupportedVersion(2)) { try SafeBrowsingStore(parsing: newer) }
    }

    @Test("saved atomically: replaced whole, mode 0600, no temporary file left")
    func save() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("sb.db")
        try SafeBrowsingStore(lists: SafeBrowsingList.defaults).save(to: path)
        let store = try Self.sample()
        try store.save(to: path)
        #expect(try SafeBrowsingStore.load(from: path) == store)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["sb.db"])
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(throws: URLSafetyError.self) { try store.save(to: directory.file("missing/sb.db")) }
    }

    @Test("list updates: removals by sorted index, bad indices and sizes refused, the checksum over the sorted list")
    func prefixList() throws {
        var list = HashPrefixList()
        try list.add(size: 4, concatenated: [3, 3, 3, 3, 1, 1, 1, 1, 2, 2, 2, 2])
        try list.remove(indices: [1])
        #expect(list.prefixes == [[1, 1, 1, 1], [3, 3, 3, 3]])
        #expect(throws: URLSafetyError.removalOutOfRange(index: 2, count: 2)) { try list.remove(indices: [2]) }
        #expect(throws: URLSafetyError.invalidPrefixes(size: 4, byteCount: 5)) { try list.add(size: 4, concatenated: [1, 2, 3, 4, 5]) }
        #expect(throws: URLSafetyError.invalidPrefixes(size: 3, byteCount: 3)) { try list.add(size: 3, concatenated: [1, 2, 3]) }
        // SHA-256("\x01\x01\x01\x01\x03\x03\x03\x03"), computed with Python's hashlib.
        #expect(list.checksum == Self.hex("43e1ef777df6ee3a0e7d7220c76c1f1285418a5072c056e4f3fbfff076849ce2"))
    }

    static func hex(_ text: String) -> [UInt8] {
        stride(from: 0, to: text.count, by: 2).map { UInt8(text.dropFirst($0).prefix(2), radix: 16)! }
    }
}
