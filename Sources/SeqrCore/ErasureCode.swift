import CISAL

/// Reed–Solomon erasure coding over GF(2⁸) with Intel ISA-L: from k equal-sized data
/// shards, m parity shards such that any k of the k + m shards give the data back.
package struct ErasureCode: Sendable {
    package let dataShards: Int
    package let parityShards: Int

    /// k + m must not exceed 255 (the field has 256 elements, one of them zero).
    package init(dataShards: Int, parityShards: Int) {
        precondition(dataShards >= 1 && parityShards >= 1 && dataShards + parityShards <= 255, "1 ≤ k, 1 ≤ m, k + m ≤ 255")
        self.dataShards = dataShards
        self.parityShards = parityShards
    }

    /// The (k + m) × k Cauchy encoding matrix; its first k rows are the identity.
    private var encodingMatrix: [UInt8] {
        var matrix = [UInt8](repeating: 0, count: (dataShards + parityShards) * dataShards)
        gf_gen_cauchy1_matrix(&matrix, Int32(dataShards + parityShards), Int32(dataShards))
        return matrix
    }

    /// The parity shards of `data` (k shards, all of the same length).
    package func parity(of data: [[UInt8]]) throws(ErasureCodeError) -> [[UInt8]] {
        guard data.count == dataShards, let length = data.first?.count, data.allSatisfy({ $0.count == length }) else { throw .invalidShards }
        let rows = Array(encodingMatrix[(dataShards * dataShards)...])
        return Self.multiply(rows: rows, rowCount: parityShards, k: dataShards, shards: data, length: length)
    }

    /// The k data shards, from any k or more of the k + m shards (`nil` where lost).
    /// `shards` lists data shards first, then parity shards.
    package func reconstruct(_ shards: [[UInt8]?]) throws(ErasureCodeError) -> [[UInt8]] {
        guard shards.count == dataShards + parityShards else { throw .invalidShards }
        let missingData = (0..<dataShards).filter { shards[$0] == nil }
        if missingData.isEmpty { return shards.prefix(dataShards).map { $0! } }
        let present = shards.indices.filter { shards[$0] != nil }
        guard present.count >= dataShards else { throw .tooManyMissing(missing: shards.count - present.count, parity: parityShards) }
        let chosen = Array(present.prefix(dataShards))
        guard let length = shards[chosen[0]]?.count, chosen.allSatisfy({ shards[$0]!.count == length }) else { throw .invalidShards }

        // Rows of the encoding matrix for the chosen shards, inverted: data = inverse · chosen.
        let matrix = encodingMatrix
        var square = chosen.flatMap { row in Array(matrix[(row * dataShards)..<((row + 1) * dataShards)]) }
        var inverse = [UInt8](repeating: 0, count: dataShards * dataShards)
        guard gf_invert_matrix(&square, &inverse, Int32(dataShards)) == 0 else { throw .invalidShards }
        let rows = missingData.flatMap { Array(inverse[($0 * dataShards)..<(($0 + 1) * dataShards)]) }
        let recovered = Self.multiply(rows: rows, rowCount: missingData.count, k: dataShards, shards: chosen.map { shards[$0]! }, length: length)
        var data = shards.prefix(dataShards).map { $0 ?? [] }
        for (index, shard) in zip(missingData, recovered) { data[index] = shard }
        return data
    }

    /// `rows` (rowCount × k) times the k shards, with ISA-L's table-driven multiply.
    private static func multiply(rows: [UInt8], rowCount: Int, k: Int, shards: [[UInt8]], length: Int) -> [[UInt8]] {
        var matrix = rows
        var tables = [UInt8](repeating: 0, count: 32 * k * rowCount)
        ec_init_tables(Int32(k), Int32(rowCount), &matrix, &tables)
        var inputs = shards.map { shard -> UnsafeMutablePointer<UInt8>? in
            let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(length, 1))
            pointer.initialize(from: shard, count: length)
            return pointer
        }
        var outputs = (0..<rowCount).map { _ -> UnsafeMutablePointer<UInt8>? in
            let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(length, 1))
            pointer.initialize(repeating: 0, count: max(length, 1))
            return pointer
        }
        defer {
            inputs.forEach { $0?.deallocate() }
            outputs.forEach { $0?.deallocate() }
        }
        if length > 0 { ec_encode_data(Int32(length), Int32(k), Int32(rowCount), &tables, &inputs, &outputs) }
        return outputs.map { Array(UnsafeBufferPointer(start: $0, count: length)) }
    }
}
