extension PaperVault {
    /// Message bytes around the padded body: flags, rounds, salt length, a default salt, nonce and tag.
    static let messageOverhead = 1 + 4 + 2 + VaultMessage.defaultSaltLength + 12 + 16

    /// The QR version, the payload of each data code and the parity plan for a message of this
    /// length: one function, so that the estimate before encrypting and the backup agree.
    static func layout(messageLength: Int, options: Options) -> (version: Int, capacity: Int, plan: VaultParityPlan) {
        let perPage = options.rows * options.columns
        let version = options.version ?? {
            let single = payloadCapacity(version: 30, errorCorrection: options.errorCorrection)
            return (messageLength + single - 1) / single <= perPage ? 30 : 37
        }()
        let plain = payloadCapacity(version: version, errorCorrection: options.errorCorrection)
        let survivePages = options.survivePages ?? ((messageLength + plain - 1) / plain > perPage ? 1 : 0)
        // Parity codes carry 10 more header bytes, so with parity the data codes leave them room.
        let withParity = options.redundancy > 0 || survivePages > 0
        let capacity = plain - (withParity ? 10 : 0)
        precondition(capacity > 0, "QR version \(version) is too small for a vault code")
        let dataCodes = max(1, (messageLength + capacity - 1) / capacity)
        let plan = VaultParityPlan(dataCodes: dataCodes, codesPerPage: perPage, survivePages: survivePages, redundancy: options.redundancy)
        return (version, capacity, plan)
    }

    /// The pages a backup of `document` will print, known before the password is asked and the
    /// KDF runs, so that an input far too large is refused at once (`seqr vault backup --max-pages`).
    ///
    /// Exact up to the random padding (counted at its largest, 255 bytes) when compression is off
    /// or the uncompressed document already fits in `limit` pages. Otherwise brotli at the quality
    /// that decides whether to compress (``VaultBody/probeQuality``) stands in for the real one (quality 11 takes minutes on megabytes): the backup
    /// may then come out somewhat smaller than estimated, rarely larger.
    public static func estimatedPages(_ document: VaultDocument, options: Options, limit: Int) -> Int {
        func pages(bodyLength: Int) -> Int {
            layout(messageLength: messageOverhead + bodyLength + 256, options: options).plan.pageCount
        }
        let plain = document.serializedLength + 1
        let uncompressed = pages(bodyLength: plain)
        guard options.allowCompression, uncompressed > limit else { return uncompressed }
        guard let quick = try? Brotli.compress(document.serialized(), quality: VaultBody.probeQuality) else { return uncompressed }
        return min(uncompressed, pages(bodyLength: quick.count + 1))
    }
}
