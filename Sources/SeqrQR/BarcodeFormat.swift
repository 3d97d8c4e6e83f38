import CZXing

/// A kind of barcode the decoder reads, named as on `seqr decode --formats` and in its `--json`.
///
/// Each maps onto a zxing-cpp format: its ISO/IEC 15424 symbology letter and variant letter.
/// A symbology (variant " ") also reads its variants, e.g. `code39` reads Code 39 Extended.
public enum BarcodeFormat: String, CaseIterable, Sendable, Codable, Comparable {
    case qr, microqr, rmqr
    case aztec, datamatrix, maxicode, pdf417
    case ean13, ean8, upca, upce, isbn
    case code128, code39, code93, codabar, itf, databar, telepen, dxfilmedge

    /// What `seqr decode` reads unless told otherwise: the QR family.
    public static let qrFamily: Set<BarcodeFormat> = [.qr, .microqr, .rmqr]

    /// The formats named in `list` ("ean13,code128", or "all"), or why one is not known.
    public static func parseList(_ list: String) throws(QRDecodingError) -> Set<BarcodeFormat> {
        var formats: Set<BarcodeFormat> = []
        for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            if name == "all" {
                formats.formUnion(allCases)
            } else if let format = BarcodeFormat(rawValue: name) {
                formats.insert(format)
            } else {
                throw .unknownFormat(name)
            }
        }
        guard !formats.isEmpty else { throw .unknownFormat(list) }
        return formats
    }

    /// The zxing-cpp format selected for reading this one.
    var zxingFormat: seqr_zx_format {
        let (symbology, variant): (Character, Character) = switch self {
        // Model 2 only: the plain QR symbology would also read Micro QR and rMQR.
        case .qr: ("Q", "2")
        case .microqr: ("Q", "m")
        case .rmqr: ("Q", "r")
        case .aztec: ("z", " ")
        case .datamatrix: ("d", " ")
        case .maxicode: ("U", " ")
        case .pdf417: ("L", " ")
        case .ean13: ("E", "1")
        case .ean8: ("E", "8")
        case .upca: ("E", "a")
        case .upce: ("E", "e")
        case .isbn: ("E", "i")
        case .code128: ("C", " ")
        case .code39: ("A", " ")
        case .code93: ("G", " ")
        case .codabar: ("F", " ")
        case .itf: ("I", " ")
        case .databar: ("e", " ")
        case .telepen: ("B", " ")
        case .dxfilmedge: ("X", "x")
        }
        return seqr_zx_format(symbology.asciiValue!) | seqr_zx_format(variant.asciiValue!) << 8
    }

    /// The format of a symbol zxing-cpp read: the exact variant when Seqr names it, else its
    /// symbology (Code 39 Extended is `code39`; QR Code models 1 and 2 are `qr`).
    init?(zxing format: seqr_zx_format) {
        if let exact = Self.allCases.first(where: { $0.zxingFormat == format }) {
            self = exact
            return
        }
        let symbology = format & 0xFF
        if symbology == seqr_zx_format(Character("Q").asciiValue!) {
            self = .qr
            return
        }
        guard let family = Self.allCases.first(where: { $0.zxingFormat == symbology | seqr_zx_format(Character(" ").asciiValue!) << 8 }) else {
            return nil
        }
        self = family
    }

    /// In the order of `allCases`, for stable listings.
    public static func < (a: BarcodeFormat, b: BarcodeFormat) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
