/// Key sheets: a document key split k-of-n so that any k sheets restore it and k − 1 tell nothing
/// about it, in SLIP-0039's format (one group, group threshold 1; docs/formats/key-sheets.md).
///
/// What an attacker can and cannot do:
/// - with k − 1 shares: learn nothing about the key beyond a 32-bit digest check on 128+ bits of
///   encrypted key (the shares are uniformly random given the key), and ``combine(_:passphrase:)``
///   refuses them with ``KeySheetError/notEnoughShares(have:need:)`` rather than returning a guess;
/// - mix in a share of another backup: named by its identifier (``KeySheetError/anotherBackup(position:identifier:expected:)``);
/// - mistype a word: the RS1024 checksum catches any three wrong words, and more with chance 1 − 10⁻⁹;
/// - forge a share (shares carry no signature or MAC, only the checksum anyone can recompute): the
///   digest point catches it except with chance 2⁻³² (``KeySheetError/digestMismatch``); a forger
///   who passes it only changes the key, and the document's AEAD then refuses to decrypt.
/// - the passphrase, if any, is not checked here either: a wrong one gives a wrong key, which the
///   document's AEAD refuses.
public enum KeySheets {
    /// 2500·2⁵ PBKDF2 iterations per Feistel round, 320,000 in all: above ``PasswordKDF/minimumIterations``
    /// when a passphrase guards the key, a fraction of a second to restore.
    public static let defaultIterationExponent = 5

    /// `count` shares of `secret`, any `threshold` of which restore it with ``combine(_:passphrase:)``.
    /// - Parameters:
    ///   - secret: the key, 16 to 32 bytes, an even number (16 or 32 for 20- or 33-word shares).
    ///   - threshold: how many shares restore it, 1…`count` (1 only when `count` is 1).
    ///   - count: how many shares to make, at most 16.
    ///   - passphrase: printable ASCII; "" for none. Needed again to combine.
    ///   - iterationExponent: 0…15, SLIP-0039's e.
    public static func split(secret: [UInt8], threshold: Int, count: Int, passphrase: String = "",
                             iterationExponent: Int = defaultIterationExponent) throws(KeySheetError) -> [KeyShare] {
        precondition((0..<16).contains(iterationExponent), "SLIP-0039's iteration exponent has 4 bits")
        guard (16...32).contains(secret.count), secret.count % 2 == 0 else { throw .invalidSecretLength(secret.count) }
        guard count <= ShamirSharing.maximumShareCount else { throw .tooManyShares(count) }
        guard 1 <= threshold, threshold <= count else { throw .invalidThreshold(threshold: threshold, count: count) }
        guard threshold > 1 || count == 1 else { throw .thresholdOneWithSeveralShares(count: count) }
        try checkPassphrase(passphrase)
        let random = SecureRandom.bytes(2)
        let identifier = (Int(random[0]) << 8 | Int(random[1])) & 0x7FFF
        let cipher = MasterSecretCipher(passphrase: passphrase, iterationExponent: iterationExponent,
                                        identifier: identifier, extendable: true)
        // One group holding the whole encrypted key (a 1-of-1 group split is the identity).
        let values = ShamirSharing.split(cipher.encrypt(secret), threshold: threshold, count: count)
        return values.enumerated().map { index, value in
            KeyShare(identifier: identifier, extendable: true, iterationExponent: iterationExponent,
                     memberIndex: index, memberThreshold: threshold, value: value)
        }
    }

    /// The key from enough shares of one backup, in any order; an identical share given twice counts once.
    /// Shares beyond a threshold are checked against the others. Also reads SLIP-0039 backups with
    /// several groups (made elsewhere): the first complete groups by group index are used.
    public static func combine(_ shares: [KeyShare], passphrase: String = "") throws(KeySheetError) -> [UInt8] {
        guard let first = shares.first else { throw .noShares }
        try checkPassphrase(passphrase)
        var unique: [KeyShare] = []
        for (offset, share) in shares.enumerated() {
            try checkBelongs(share, position: offset + 1, to: first)
            if !unique.contains(share) { unique.append(share) }
        }
        var groups: [Int: [KeyShare]] = [:]
        for share in unique { groups[share.groupIndex, default: []].append(share) }

        var groupSecrets: [(x: UInt8, y: [UInt8])] = []
        var bestIncomplete: (have: Int, need: Int)?, incompleteGroups = 0
        for index in groups.keys.sorted() where groupSecrets.count < first.groupThreshold {
            let members = groups[index]!
            let threshold = try checkGroup(members, given: shares)
            guard members.count >= threshold else {
                incompleteGroups += 1
                if bestIncomplete.map({ $0.need - $0.have > threshold - members.count }) ?? true {
                    bestIncomplete = (members.count, threshold)
                }
                continue
            }
            groupSecrets.append((x: UInt8(index), y: try recover(members, threshold: threshold)))
        }
        guard groupSecrets.count == first.groupThreshold else {
            // Name the shares still missing when completing a group given in part would be enough.
            if let incomplete = bestIncomplete, groupSecrets.count + incompleteGroups >= first.groupThreshold {
                throw .notEnoughShares(have: incomplete.have, need: incomplete.need)
            }
            throw .notEnoughGroups(have: groupSecrets.count, need: first.groupThreshold)
        }
        guard let encrypted = ShamirSharing.recover(groupSecrets, threshold: first.groupThreshold) else { throw .digestMismatch }
        let cipher = MasterSecretCipher(passphrase: passphrase, iterationExponent: first.iterationExponent,
                                        identifier: first.identifier, extendable: first.extendable)
        return cipher.decrypt(encrypted)
    }

    /// One group's secret from its first `threshold` members; the others must lie on the same polynomials.
    private static func recover(_ members: [KeyShare], threshold: Int) throws(KeySheetError) -> [UInt8] {
        let points = members.prefix(threshold).map { (x: UInt8($0.memberIndex), y: $0.value) }
        guard let secret = ShamirSharing.recover(points, threshold: threshold) else { throw .digestMismatch }
        for extra in members.dropFirst(threshold) {
            let expected = ShamirSharing.interpolate(at: UInt8(extra.memberIndex), points)
            guard constantTimeEqual(expected, extra.value) else { throw .shareDisagrees(number: extra.number) }
        }
        return secret
    }

    /// The group's member threshold, once its members agree on it and no two claim one number.
    private static func checkGroup(_ members: [KeyShare], given shares: [KeyShare]) throws(KeySheetError) -> Int {
        let threshold = members[0].memberThreshold
        for member in members where member.memberThreshold != threshold {
            throw .inconsistentShare(position: (shares.firstIndex(of: member) ?? 0) + 1, parameter: .memberThreshold)
        }
        for (i, member) in members.enumerated() where members[..<i].contains(where: { $0.memberIndex == member.memberIndex }) {
            throw .conflictingShares(number: member.number)
        }
        return threshold
    }

    private static func checkBelongs(_ share: KeyShare, position: Int, to first: KeyShare) throws(KeySheetError) {
        guard share.identifier == first.identifier else {
            throw .anotherBackup(position: position, identifier: share.identifier, expected: first.identifier)
        }
        let mismatch: KeySheetError.Parameter? =
            share.extendable != first.extendable ? .extendableFlag
            : share.iterationExponent != first.iterationExponent ? .iterationExponent
            : share.groupThreshold != first.groupThreshold ? .groupThreshold
            : share.groupCount != first.groupCount ? .groupCount
            : share.value.count != first.value.count ? .length
            : nil
        if let mismatch { throw .inconsistentShare(position: position, parameter: mismatch) }
    }

    private static func checkPassphrase(_ passphrase: String) throws(KeySheetError) {
        guard passphrase.unicodeScalars.allSatisfy({ (32...126).contains($0.value) }) else { throw .passphraseNotPrintableASCII }
    }
}
