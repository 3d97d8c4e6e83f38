/// Why a sealed store secret did not open.
package enum StoreSecretError: Error, Equatable, Sendable, CustomStringConvertible {
    case notSealed
    case unknownVersion(UInt8)
    case authenticationFailed

    package var description: String {
        switch self {
        case .notSealed: "not a sealed store secret"
        case .unknownVersion(let version): "a store secret sealed by a newer Seqr (version \(version)): update Seqr"
        case .authenticationFailed: "a sealed secret in the store does not open: the store was changed, or belongs to another identity"
        }
    }
}
