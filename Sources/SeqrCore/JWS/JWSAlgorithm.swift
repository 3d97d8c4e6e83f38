/// The JWS algorithms Seqr signs and verifies (RFC 7518 §3, RFC 8037).
public enum JWSAlgorithm: String, CaseIterable, Sendable, Codable {
    case RS256, RS384, RS512
    case PS256, PS384, PS512
    case ES256, ES384, ES512
    case EdDSA

    /// The signature scheme behind an algorithm, which decides the key type it needs.
    public enum Family: Sendable { case rsaPKCS1, rsaPSS, ecdsa, eddsa }

    public var family: Family {
        switch self {
        case .RS256, .RS384, .RS512: .rsaPKCS1
        case .PS256, .PS384, .PS512: .rsaPSS
        case .ES256, .ES384, .ES512: .ecdsa
        case .EdDSA: .eddsa
        }
    }

    /// The RSA algorithm the seed pairs with each key size (2048 → RS256, 3072 → RS384, 4096 → RS512).
    public static func defaultRSA(keySizeInBits: Int) -> JWSAlgorithm {
        keySizeInBits >= 4096 ? .RS512 : keySizeInBits >= 3072 ? .RS384 : .RS256
    }
}
