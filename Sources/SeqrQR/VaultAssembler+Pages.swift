import SeqrCore

extension VaultAssembler {
    /// What reading one page image gave.
    public struct PageReading: Sendable, Equatable {
        /// Codes that were new to the assembler.
        public var added: Int
        /// QR codes the page showed, vault codes or not.
        public var shown: Int
    }

    /// Reads every QR code on a page image (a scan, a photo, a rendered PDF page) and adds
    /// the vault codes among them; other codes are ignored. `thorough` runs every decoder
    /// pass (``QRDecoder/thorough``): slower, and worth it only for a page that showed
    /// fewer codes than it may hold (``mayHoldMore(_:)``).
    @discardableResult
    public mutating func addCodes(on page: GrayImage, thorough: Bool = false) throws(QRDecodingError) -> PageReading {
        let symbols = try QRDecoder(thorough: thorough).decode(page)
        var added = 0
        for symbol in symbols {
            switch add([UInt8](symbol.payload)) {
            case .added, .addedParity: added += 1
            case .duplicate, .ignored: break
            }
        }
        return PageReading(added: added, shown: symbols.count)
    }

    /// Whether a page that gave `reading` may hold codes the quick decoder missed: it showed
    /// fewer than a full page holds (a backup's last page is often short, so this is a
    /// reason to look again if codes are still missing at the end, not a sign of loss).
    public func mayHoldMore(_ reading: PageReading) -> Bool {
        reading.shown < (codesPerPage ?? Int.max)
    }

    /// Reads `pages` as `seqr vault restore` does: all of them quickly, in the order given,
    /// until the backup is complete; then, if codes are still missing, the pages that may
    /// hold more once again with every decoder pass.
    public mutating func addCodes(onPages pages: [GrayImage]) throws(QRDecodingError) {
        var lookAgain: [GrayImage] = []
        for page in pages where !isComplete {
            let reading = try addCodes(on: page)
            if mayHoldMore(reading) { lookAgain.append(page) }
        }
        for page in lookAgain where !isComplete {
            try addCodes(on: page, thorough: true)
        }
    }
}
