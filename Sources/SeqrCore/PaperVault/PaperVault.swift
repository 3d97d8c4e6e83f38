import Crypto

/// Backing a document up as PaperVault codes, and restoring it, byte-exact to the
/// PaperVault data format (docs/formats/papervault.md).
public enum PaperVault {
    /// How to write a backup.
    public struct Options: Sendable, Equatable {
        /// PBKDF2 rounds; OWASP 2023 asks for at least 600,000 with SHA-256.
        public var rounds: UInt32 = VaultMessage.defaultRounds
        /// The QR error-correction level of every code.
        public var errorCorrection: QRErrorCorrectionLevel = .M
        /// The QR version of every code; `nil` picks 30 when the backup fits one page, else 37.
        public var version: Int?
        /// The page grid, recorded in each header and used to decide "fits one page".
        public var rows: Int = 3
        /// Codes across a page.
        public var columns: Int = 2
        /// Whether brotli may be used when it makes the document smaller.
        public var allowCompression = true
        /// Random padding length 0–255 unless fixed here (tests).
        package var paddingLength: UInt8?
        /// Any this share of each parity group's codes, data and parity, may be lost (0.25: a
        /// group of 12 data codes gets 4 parity codes, and any 4 of its 16 may be lost); 0 for
        /// no such promise. At most ``VaultParityPlan/maximumRedundancy``.
        public var redundancy: Double = 0
        /// Any this many whole printed pages may be lost. `nil`: 1 when the data codes need more
        /// than one page, else 0 (a one-page backup stays plain PaperVault). See ``VaultParityPlan``.
        public var survivePages: Int?

        /// The defaults: 600,000 rounds, level M, 3 × 2 codes a page, compression when it helps, and
        /// any one page may be lost when there is more than one.
        public init() {}
    }

    /// How a backup is keyed.
    public enum Keying: Sendable {
        /// PaperVault's own: PBKDF2 of the password.
        case password(String)
        /// Seqr's key sheets: a fresh random key split into `count` sheets, any `threshold` of which
        /// restore it; with a password, sheets and password are both needed.
        case keySheets(threshold: Int, count: Int, password: String?)
    }

    /// What opens a backup: its password, or enough of its key sheets (and its password, if it has one).
    public enum Unlocking: Sendable {
        case password(String)
        case keySheets([KeyShare], password: String?)
    }

    /// Bytes of the random key that key sheets share: 256 bits, 33 words on a sheet.
    public static let keySheetsSecretLength = 32

    /// A written backup: the codes in order and how they were made.
    public struct Backup: Sendable {
        /// The key sheets to print, one per holder (empty for a password backup).
        public var keyShares: [KeyShare] = []
        /// The key-sheet header, for a key-sheet backup.
        public var keySheets: VaultKeySheetsHeader?
        /// The data codes, in order.
        public let codes: [VaultCode]
        /// Seqr parity codes (empty without redundancy), to be printed after the data codes.
        public let parityCodes: [VaultParityCode]
        /// The QR version of every code.
        public let version: Int
        /// The QR error-correction level of every code.
        public let errorCorrection: QRErrorCorrectionLevel
        /// Whether the document was compressed before it was sealed.
        public let compressed: Bool
        /// Whether restoring asks for a password: always without key sheets, and with them when
        /// the message's clear-text flags say so (the flags are the first byte of the first code's payload).
        public var needsPassword: Bool {
            keySheets == nil || (codes.first?.payload.first ?? 0) & VaultMessage.passwordTooFlag != 0
        }
        /// The parity groups and what the printed pages survive.
        public let plan: VaultParityPlan
        /// Every code's bytes: data codes in order, then parity codes.
        public var payloads: [[UInt8]] { codes.map { $0.serialized() } + parityCodes.map { $0.serialized() } }
    }

    /// Payload bytes one code carries at this version and level.
    public static func payloadCapacity(version: Int, errorCorrection: QRErrorCorrectionLevel) -> Int {
        QRCapacity.capacity(version: version, level: errorCorrection) - VaultCode.overhead
    }

    /// A backup under a password, with PaperVault's own key derivation (PBKDF2-HMAC-SHA256, ``Options/rounds``).
    public static func backup(_ document: VaultDocument, password: String, options: Options = Options()) throws -> Backup {
        try backup(document, keying: .password(password), options: options)
    }

    /// A backup under a password or key sheets; with key sheets, the shares to print come with it.
    public static func backup(_ document: VaultDocument, keying: Keying, options: Options = Options()) throws -> Backup {
        let seal: ([UInt8]) -> VaultMessage
        var shares: [KeyShare] = [], header: VaultKeySheetsHeader?
        switch keying {
        case .password(let password):
            seal = { VaultMessage.seal($0, password: password, rounds: options.rounds) }
        case let .keySheets(threshold, count, password):
            let secret = SecureRandom.bytes(keySheetsSecretLength)
            shares = try KeySheets.split(secret: secret, threshold: threshold, count: count)
            let sheets = VaultKeySheetsHeader(identifier: shares[0].identifier, threshold: threshold, count: count)
            header = sheets
            seal = { VaultMessage.seal($0, keySheets: sheets, masterSecret: secret, password: password, rounds: options.rounds) }
        }
        // A parity code's 2-byte checksum also passes the plain PaperVault check once in 65,536;
        // a strict reader would then take it for a data code. Such a backup is sealed again
        // (fresh salt and IV give other bytes), so none is ever printed.
        for _ in 0..<16 {
            var backup = try backupOnce(document, seal: seal, options: options)
            backup.keyShares = shares
            backup.keySheets = header
            if !backup.parityCodes.contains(where: { $0.passesPlainChecksum }) { return backup }
        }
        preconditionFailure("16 backups in a row had a parity code that passes the plain checksum")
    }

    private static func backupOnce(_ document: VaultDocument, seal: ([UInt8]) -> VaultMessage, options: Options) throws -> Backup {
        let body = try VaultBody.encode(document, allowCompression: options.allowCompression)
        let padded = VaultPadding.pad(body, count: options.paddingLength)
        let message = seal(padded).serialized()
        let digest = Array(SHA256.hash(data: message))

        let (version, capacity, plan) = layout(messageLength: message.count, options: options)
        let chunks = stride(from: 0, to: message.count, by: capacity).map { Array(message[$0..<min($0 + capacity, message.count)]) }
        precondition(chunks.count == plan.dataCodes)
        precondition(chunks.count <= Int(UInt16.max), "the document needs more than 65,535 codes")
        let codes = chunks.enumerated().map { number, chunk in
            VaultCode(header: VaultTransportHeader(
                documentDigest: digest, rows: UInt8(clamping: options.rows), columns: UInt8(clamping: options.columns),
                totalCodes: UInt16(chunks.count), codeNumber: UInt16(number)), payload: chunk)
        }
        let parity = try parityCodes(for: codes, plan: plan, shardSize: capacity, messageLength: message.count)
        return Backup(codes: codes, parityCodes: parity, version: version, errorCorrection: options.errorCorrection,
                      compressed: body.first == 1, plan: plan)
    }

    /// The parity codes of each of the plan's groups, in the plan's order.
    static func parityCodes(for codes: [VaultCode], plan: VaultParityPlan, shardSize: Int, messageLength: Int) throws -> [VaultParityCode] {
        var parity: [VaultParityCode] = []
        for group in plan.groups {
            let first = group.firstDataCode
            let members = codes[first..<(first + group.dataCodes)]
            let m = group.parityCodes
            let shards = members.map { $0.payload + [UInt8](repeating: 0, count: shardSize - $0.payload.count) }
            for (index, shard) in try ErasureCode(dataShards: members.count, parityShards: m).parity(of: shards).enumerated() {
                var header = codes[0].header
                header.codeNumber = UInt16(parity.count)
                parity.append(VaultParityCode(header: header, firstDataCode: first, groupDataCodes: members.count, groupParityCodes: m,
                                              indexInGroup: index, messageLength: messageLength, shard: shard))
            }
        }
        return parity
    }

    /// Decrypts and decodes a complete message buffer (see ``VaultAssembler``).
    public static func restore(message: [UInt8], password: String) throws(PaperVaultError) -> VaultDocument {
        try restore(message: message, unlocking: .password(password))
    }

    /// Decrypts and decodes a complete message buffer with its password or key sheets. Sheets of
    /// another backup are named before any key is derived; too few say how many more are needed.
    public static func restore(message: [UInt8], unlocking: Unlocking) throws(PaperVaultError) -> VaultDocument {
        let parsed = try VaultMessage(parsing: message)
        let padded: [UInt8]
        switch unlocking {
        case .password(let password):
            padded = try parsed.open(password: password)
        case let .keySheets(shares, password):
            guard let sheets = parsed.keySheets else { throw .notAKeySheetBackup }
            for (offset, share) in shares.enumerated() {
                guard share.identifier == sheets.identifier else {
                    throw .keySheetOfAnotherBackup(position: offset + 1, identifier: share.identifier, expected: sheets.identifier)
                }
                if let parameter = disagreement(of: share, with: sheets) {
                    throw .keySheetDisagrees(position: offset + 1, parameter: parameter)
                }
            }
            let secret: [UInt8]
            do { secret = try KeySheets.combine(shares) } catch { throw .keySheets(error) }
            do {
                padded = try parsed.open(masterSecret: secret, password: password)
            } catch {
                throw error == .authenticationFailed ? .keySheetsRejected : error
            }
        }
        return try VaultBody.decode(VaultPadding.unpad(padded))
    }

    /// What of `share` differs from the sheets Seqr writes for this header, checked before any key
    /// derivation: a forged sheet could otherwise claim 1-of-1 (reaching the Feistel rounds alone),
    /// SLIP-0039's highest iteration exponent (4 × 81,920,000 PBKDF2 iterations) or another key length.
    static func disagreement(of share: KeyShare, with sheets: VaultKeySheetsHeader) -> KeySheetError.Parameter? {
        if share.memberThreshold != sheets.threshold { return .memberThreshold }
        if share.number > sheets.count { return .memberIndex }
        if share.groupThreshold != 1 || share.groupIndex != 0 { return .groupThreshold }
        if share.groupCount != 1 { return .groupCount }
        if !share.extendable { return .extendableFlag }
        if share.iterationExponent != KeySheets.defaultIterationExponent { return .iterationExponent }
        if share.value.count != keySheetsSecretLength { return .length }
        return nil
    }

    /// Restores from scanned QR payloads in any order (non-vault codes are ignored).
    public static func restore(scanned: [[UInt8]], password: String) throws(PaperVaultError) -> VaultDocument {
        var assembler = VaultAssembler()
        for payload in scanned { assembler.add(payload) }
        return try restore(message: assembler.messageBuffer(), password: password)
    }
}
