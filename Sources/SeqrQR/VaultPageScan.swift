import SeqrCore

extension VaultAssembler {
    /// Reads every QR code on a page image (a scan, a photo, a rendered PDF page) and adds
    /// the vault codes among them; other codes are ignored.
    ///
    /// The quick decoder reads almost every page whole; when a page shows fewer codes than
    /// a full page holds while codes are still missing, it is read again with every decoder
    /// pass (``QRDecoder/thorough``), which is slower and so kept for those pages.
    /// - Returns: how many codes were new.
    @discardableResult
    public mutating func addCodes(on page: GrayImage) throws(QRDecodingError) -> Int {
        let quick = try QRDecoder().decode(page)
        var added = addPayloads(of: quick)
        if !isComplete && quick.count < (codesPerPage ?? Int.max) {
            added += addPayloads(of: try QRDecoder(thorough: true).decode(page))
        }
        return added
    }

    private mutating func addPayloads(of symbols: [DecodedSymbol]) -> Int {
        symbols.reduce(0) { count, symbol in
            switch add([UInt8](symbol.payload)) {
            case .added, .addedParity: count + 1
            case .duplicate, .ignored: count
            }
        }
    }
}
