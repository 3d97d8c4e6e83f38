import Crypto

/// One threat list's SHA-256 hash prefixes (4 to 32 bytes each), kept sorted lexicographically,
/// the order in which the v4 API numbers removals and computes the list checksum.
struct HashPrefixList: Equatable, Sendable {
    private(set) var prefixes: [[UInt8]]
    /// The prefix sizes present, so that a lookup tries each size once.
    private(set) var sizes: [Int]

    init(_ prefixes: [[UInt8]] = []) {
        self.prefixes = prefixes.sorted { $0.lexicographicallyPrecedes($1) }
        sizes = Set(prefixes.map(\.count)).sorted()
    }

    var count: Int { prefixes.count }

    /// Removes entries by their index in the sorted list (a partial update's `rawIndices`).
    mutating func remove(indices: [Int]) throws(URLSafetyError) {
        var drop = Set<Int>()
        for index in indices {
            guard index >= 0, index < prefixes.count else { throw .removalOutOfRange(index: index, count: prefixes.count) }
            drop.insert(index)
        }
        prefixes = prefixes.enumerated().filter { !drop.contains($0.offset) }.map(\.element)
        sizes = Set(prefixes.map(\.count)).sorted()
    }

    /// Adds `rawHashes`: prefixes of `size` bytes, concatenated.
    mutating func add(size: Int, concatenated bytes: [UInt8]) throws(URLSafetyError) {
        guard (4...32).contains(size), bytes.count % size == 0 else { throw .invalidPrefixes(size: size, byteCount: bytes.count) }
        let added = stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<($0 + size)]) }
        self = HashPrefixList(prefixes + added)
    }

    /// SHA-256 of the sorted prefixes concatenated: the `checksum.sha256` of an update.
    var checksum: [UInt8] {
        var hasher = SHA256()
        for prefix in prefixes { hasher.update(data: prefix) }
        return Array(hasher.finalize())
    }

    /// The stored prefix that begins `fullHash`, if any.
    func prefix(of fullHash: [UInt8]) -> [UInt8]? {
        for size in sizes where size <= fullHash.count {
            let candidate = Array(fullHash.prefix(size))
            var low = 0, high = prefixes.count
            while low < high {
                let middle = (low + high) / 2
                if prefixes[middle].lexicographicallyPrecedes(candidate) { low = middle + 1 } else { high = middle }
            }
            if low < prefixes.count, prefixes[low] == candidate { return candidate }
        }
        return nil
    }
}
