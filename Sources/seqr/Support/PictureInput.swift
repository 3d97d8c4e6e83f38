import Foundation
import SeqrCLISupport
import SeqrQR

/// The pictures a command is pointed at, read one way everywhere: any format Seqr reads
/// (`ImageCodec`, recognised by content), every page of a PDF, and "-" for standard input.
enum PictureInput {
    /// Whether `argument` names a picture (a file, or "-") rather than a code's text.
    static func isPicture(_ argument: String) -> Bool {
        argument == "-" || FileManager.default.fileExists(atPath: argument)
    }

    /// The pictures in a file or on standard input, one, or one per PDF or TIFF page, each handed
    /// to `body` before the next PDF page is drawn.
    static func forEachPage(_ path: String, pixelLimit: Int, _ body: (GrayImage) throws -> Void) throws {
        if path == "-" {
            try ImageFile.forEachPage(of: StandardStreams.readAllInput(), path: "standard input", pixelLimit: pixelLimit, body)
        } else {
            try ImageFile.forEachPage(ofFile: path, pixelLimit: pixelLimit, body)
        }
    }

    /// Every code on every page, in page order; a structured-append sequence whole on a page is one
    /// code — or, with `keepingParts`, each part as a phone reads it (a phone opens a part's URL
    /// without joining), followed by the joined sequence: what `scan` must check.
    static func symbols(in path: String, decoder: QRDecoder = QRDecoder(), keepingParts: Bool = false,
                        pixelLimit: Int = ImageCodec.defaultPixelLimit) throws -> [DecodedSymbol] {
        try reading(path, decoder: decoder, keepingParts: keepingParts, pixelLimit: pixelLimit).symbols
    }

    /// What `symbols(in:)` finds, and the parts of sequences not whole on their page with the page
    /// (from 1, when the file has several) they were on: to be joined across pages and files.
    static func reading(_ path: String, decoder: QRDecoder = QRDecoder(), keepingParts: Bool = false,
                        pixelLimit: Int = ImageCodec.defaultPixelLimit) throws
        -> (symbols: [DecodedSymbol], unjoinedParts: [(symbol: DecodedSymbol, page: Int?)]) {
        var symbols: [DecodedSymbol] = []
        var unjoined: [(symbol: DecodedSymbol, page: Int)] = []
        var pages = 0
        // One page at a time: a PDF's next page is drawn only once this one is read.
        try forEachPage(path, pixelLimit: pixelLimit) { page in
            pages += 1
            let read = try decoder.decode(page)
            let joined = read.joiningStructuredAppend()
            symbols += keepingParts ? read + joined.filter { $0.joinedParts != nil } : joined
            unjoined += joined.filter { $0.sequence != nil }.map { ($0, pages) }
        }
        return (symbols, unjoined.map { (symbol: $0.symbol, page: pages > 1 ? $0.page : nil) })
    }
}
