/// SLIP-0039's encryption of the master secret before it is shared: a four-round Feistel network
/// whose round function is PBKDF2-HMAC-SHA256 (``PasswordKDF/slip39Round(_:passphrase:salt:iterations:byteCount:)``).
/// It is a permutation for every passphrase, so a wrong passphrase yields a wrong key rather than
/// an error (SLIP-0039's deniability); Seqr notices it when the document's AEAD refuses that key.
/// It also keeps partial knowledge of t shares' bytes from revealing bytes of the key.
struct MasterSecretCipher {
    static let rounds: UInt8 = 4
    static let baseIterations = 2_500

    let passphrase: String
    let iterationExponent: Int
    let identifier: Int
    let extendable: Bool

    func encrypt(_ secret: [UInt8]) -> [UInt8] { feistel(secret, rounds: Array(0..<Self.rounds)) }

    func decrypt(_ encrypted: [UInt8]) -> [UInt8] { feistel(encrypted, rounds: (0..<Self.rounds).reversed()) }

    private func feistel(_ input: [UInt8], rounds: [UInt8]) -> [UInt8] {
        let half = input.count / 2
        var left = Array(input[..<half]), right = Array(input[half...])
        // Without the extendable flag the identifier salts the rounds, tying the key to one set of shares.
        let saltPrefix = extendable ? [] : Array("shamir".utf8) + [UInt8(identifier >> 8), UInt8(identifier & 0xFF)]
        for round in rounds {
            let mask = PasswordKDF.slip39Round(round, passphrase: passphrase, salt: saltPrefix + right,
                                               iterations: Self.baseIterations << iterationExponent, byteCount: half)
            (left, right) = (right, zip(left, mask).map { $0 ^ $1 })
        }
        return right + left
    }
}
