import Foundation
import SeqrCore

/// Why a key-sheet file gave no share.
public enum KeySheetFileError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(ImageFileError)
    /// A picture without any key-sheet code (or one too damaged to read).
    case noKeySheetCode(path: String)
    /// The code or the typed words are not a valid share.
    case invalidShare(path: String, KeySheetError)
    case decoding(path: String, QRDecodingError)

    public var description: String {
        switch self {
        case .unreadable(let error): "\(error)"
        case .noKeySheetCode(let path):
            "\(path): no key sheet code found; if it is damaged, type the sheet's words into a text file and give that"
        case let .invalidShare(path, error): "\(path): \(error)"
        case let .decoding(path, error): "\(path): \(error)"
        }
    }
}

extension KeyShare {
    /// The shares in a key-sheet file: the codes in a photo, scan or PDF of sheets (several
    /// sheets in one picture are all read), or the words typed into a text file.
    public static func read(fromFile path: String, pixelLimit: Int = ImageCodec.defaultPixelLimit) throws(KeySheetFileError) -> [KeyShare] {
        try read(fromFile: path, pixelLimit: pixelLimit, alsoKeeping: []).shares
    }

    /// The shares in a key-sheet file, and the payloads of the other codes on its pictures that
    /// start with one of `otherMagics` (a notes kit's account code, say), each once.
    public static func read(fromFile path: String, pixelLimit: Int = ImageCodec.defaultPixelLimit,
                            alsoKeeping otherMagics: [[UInt8]]) throws(KeySheetFileError) -> (shares: [KeyShare], others: [[UInt8]]) {
        let data: Data
        do { data = try ImageFile.readBytes(path) } catch { throw .unreadable(error) }
        guard PDFPages.isPDF(data) || ImageCodec.sniff(data) != nil else {
            do { return ([try KeyShare(reading: [UInt8](data))], []) } catch { throw .invalidShare(path: path, error) }
        }
        let pages: [GrayImage]
        do { pages = try ImageFile.readPages(path, pixelLimit: pixelLimit) } catch { throw .unreadable(error) }
        var shares: [KeyShare] = []
        var others: [[UInt8]] = []
        for page in pages {
            // Quickly first; every decoder pass only for a page where no sheet code (or no other code asked for) showed.
            for thorough in [false, true] {
                let symbols: [DecodedSymbol]
                // A photo may hold several sheets: the read goes on after the first pass finds some.
                var decoder = QRDecoder(thorough: thorough)
                decoder.endsAtFirstFind = false
                do { symbols = try decoder.decode(page) } catch { throw .decoding(path: path, error) }
                let payloads = symbols.map { [UInt8]($0.payload) }
                let codes = payloads.filter { $0.starts(with: KeyShare.codeMagic) }
                for code in codes {
                    let share: KeyShare
                    do { share = try KeyShare(parsing: code) } catch { throw .invalidShare(path: path, error) }
                    if !shares.contains(share) { shares.append(share) }
                }
                let found = payloads.filter { payload in otherMagics.contains { payload.starts(with: $0) } }
                for other in found where !others.contains(other) { others.append(other) }
                if !codes.isEmpty && (otherMagics.isEmpty || !found.isEmpty) { break }
            }
        }
        guard !shares.isEmpty else { throw .noKeySheetCode(path: path) }
        return (shares, others)
    }
}
