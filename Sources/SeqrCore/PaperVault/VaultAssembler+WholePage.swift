extension VaultAssembler {
    /// Whether `payloads`, the QR codes read from one picture, are every code of one printed page
    /// of one backup, so that reading the picture further can find nothing of it: a reader stops
    /// there (`VaultPrintout` prints codes in order, data codes then parity codes, `rows ×
    /// columns` to a page, as the headers say).
    ///
    /// Counted, never guessed: the codes must all fall on one page, and be as many as a page
    /// holds, or as the last page holds when its last code is known (the last parity code of the
    /// last group). Otherwise, a short page without parity say, the answer is no and the reader
    /// goes on as before. Codes of other QR kinds are not counted. A page's codes cannot make
    /// another backup's restore stop early: only codes of one digest count.
    public static func holdsWholePage(_ payloads: [[UInt8]]) -> Bool {
        var header: VaultTransportHeader?
        var data = Set<Int>()
        var parity: [Int: VaultParityCode] = [:]
        for payload in payloads {
            let codeHeader: VaultTransportHeader
            // The parity reading first, as ``add(_:)`` does.
            if let code = try? VaultParityCode(parsing: payload) {
                codeHeader = code.header
                parity[Int(code.header.codeNumber)] = code
            } else if let code = try? VaultCode(parsing: payload) {
                codeHeader = code.header
                data.insert(Int(code.header.codeNumber))
            } else {
                continue
            }
            if let header, header.documentDigest != codeHeader.documentDigest || header.rows != codeHeader.rows
                || header.columns != codeHeader.columns || header.totalCodes != codeHeader.totalCodes {
                return false
            }
            header = codeHeader
        }
        guard let header else { return false }
        let perPage = Int(header.rows) * Int(header.columns), total = Int(header.totalCodes)
        guard perPage > 0, total > 0 else { return false }
        // Where the last code is printed, when a parity code says so: parity is numbered group by
        // group in the order of the data codes, so the last group's last parity code ends the print.
        let end = parity.values.first { $0.firstDataCode + $0.groupDataCodes == total && $0.indexInGroup == $0.groupParityCodes - 1 }
            .map { total + Int($0.header.codeNumber) + 1 }
        // Data codes are numbered from 0 (Seqr) or, in the format's other reading, from 1; only
        // Seqr prints parity. A page whole under either numbering is whole.
        for first in parity.isEmpty ? [0, 1] : [0] {
            guard data.allSatisfy({ $0 >= first && $0 < first + total }) else { continue }
            let positions = data.map { $0 - first } + parity.keys.map { total + $0 }
            guard let page = positions.first.map({ $0 / perPage }), positions.allSatisfy({ $0 / perPage == page }) else { continue }
            let holds = end.map { min(perPage, $0 - page * perPage) } ?? perPage
            if positions.count >= holds { return true }
        }
        return false
    }
}
