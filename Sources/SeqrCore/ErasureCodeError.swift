/// Why Reed–Solomon parity could not be made or used (PaperVault parity codes).
package enum ErasureCodeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// More shards are missing than there are parity shards.
    case tooManyMissing(missing: Int, parity: Int)
    case invalidShards

    package var description: String {
        switch self {
        case let .tooManyMissing(missing, parity): "\(missing) shards are missing, more than the \(parity) parity shards can restore"
        case .invalidShards: "the shards are of the wrong number or not all of one length"
        }
    }
}
