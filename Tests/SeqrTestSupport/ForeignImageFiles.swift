import Foundation

/// A QR code drawn by qrencode and written in each image format by that format's own tools
/// (netpbm, libjpeg-turbo's cjpeg and jpegtran, libwebp's cwebp, libheif's heif-enc, exiftool),
/// never by Seqr's writer: what a phone, a scanner or another program would hand to Seqr.
public struct ForeignImageFiles: Sendable {
    /// The image formats and the tools that write them.
    public enum Kind: String, CaseIterable, CustomStringConvertible, Sendable {
        case jpeg, webp, webpLossless, heic, tiff, bmp, gif

        /// The format's name as Seqr's messages give it (`ImageCodec`'s raw value).
        public var formatName: String {
            switch self {
            case .jpeg: "JPEG"
            case .webp, .webpLossless: "WebP"
            case .heic: "HEIF"
            case .tiff: "TIFF"
            case .bmp: "BMP"
            case .gif: "GIF"
            }
        }

        public var description: String { rawValue }
    }

    public let directory: TemporaryDirectory
    public let payload: String
    /// The code as qrencode wrote it (PNG), and as a netpbm gray map, the input of most converters.
    public let png: String
    public let pgm: String

    public init(payload: String = "an image from another program", in directory: TemporaryDirectory) throws {
        self.directory = directory
        self.payload = payload
        png = directory.file("qrencode.png")
        pgm = directory.file("qrencode.pgm")
        // 8-pixel modules and a 4-module margin: a side that is a multiple of 8, so jpegtran turns it losslessly.
        try Self.run("qrencode", ["-s", "8", "-m", "4", "-o", png, payload])
        try Data(Self.run("pngtopnm", [png]).stdout).write(to: URL(fileURLWithPath: pgm))
    }

    /// The code written as `kind` by its tool; the path of the file.
    public func make(_ kind: Kind) throws -> String {
        let out = directory.file("code-\(kind.rawValue)")
        switch kind {
        case .jpeg: try Self.run("cjpeg", ["-grayscale", "-quality", "90", "-outfile", out, pgm])
        case .webp: try Self.run("cwebp", ["-quiet", "-q", "80", png, "-o", out])
        case .webpLossless: try Self.run("cwebp", ["-quiet", "-lossless", png, "-o", out])
        case .heic:
            // From a JPEG, as a camera's pipeline would: heif-enc 1.15 misreads PNGs of fewer than 8 bits a sample.
            let source = directory.file("heif-source.jpg")
            try Self.run("cjpeg", ["-quality", "95", "-outfile", source, pgm])
            try Self.run("heif-enc", ["-q", "90", source, "-o", out])
        case .tiff: try Data(Self.run("pnmtotiff", [pgm]).stdout).write(to: URL(fileURLWithPath: out))
        case .bmp: try Data(Self.run("ppmtobmp", [pgm]).stdout).write(to: URL(fileURLWithPath: out))
        case .gif: try Data(Self.run("pamtogif", [pgm]).stdout).write(to: URL(fileURLWithPath: out))
        }
        return out
    }

    /// The JPEG as a phone would store it under EXIF `orientation`: the pixels turned or mirrored
    /// away from upright by jpegtran (losslessly), the tag that turns them back set by exiftool.
    public func turnedJPEG(_ orientation: Int, keepingTag: Bool = true) throws -> String {
        let upright = try make(.jpeg)
        // The transform whose inverse orientation `orientation` applies for display.
        let transform: [String] = switch orientation {
        case 2: ["-flip", "horizontal"]
        case 3: ["-rotate", "180"]
        case 4: ["-flip", "vertical"]
        case 5: ["-transpose"]
        case 6: ["-rotate", "270"]
        case 7: ["-transverse"]
        case 8: ["-rotate", "90"]
        default: []
        }
        let stored = directory.file("turned-\(orientation)\(keepingTag ? "" : "-untagged").jpg")
        try Self.run("jpegtran", ["-perfect", "-copy", "none"] + transform + ["-outfile", stored, upright])
        if keepingTag { try Self.run("exiftool", ["-q", "-n", "-Orientation=\(orientation)", "-overwrite_original", stored]) }
        return stored
    }

    /// The code on a page wider than tall (so that a quarter turn shows in the size), as netpbm
    /// writes it: the upright page a TIFF viewer should show for every orientation below.
    public func widePage() throws -> String {
        let out = directory.file("wide.pgm")
        if !FileManager.default.fileExists(atPath: out) {
            try Data(Self.run("pnmpad", ["-white", "-right=96", pgm]).stdout).write(to: URL(fileURLWithPath: out))
        }
        return out
    }

    /// The wide page as stored under Orientation `orientation` (tag 274, the same values as EXIF's),
    /// turned away from upright by netpbm's pamflip; a netpbm gray map.
    public func storedPage(_ orientation: Int) throws -> String {
        // The transform whose inverse orientation `orientation` applies for display.
        let transform: [String] = switch orientation {
        case 2: ["-leftright"]
        case 3: ["-r180"]
        case 4: ["-topbottom"]
        case 5: ["-transpose"]
        case 6: ["-r90"]  // pamflip turns anticlockwise; the viewer turns it back clockwise
        case 7: ["-xform=transpose,leftright,topbottom"]
        case 8: ["-r270"]
        default: ["-null"]
        }
        let stored = directory.file("stored-\(orientation).pgm")
        try Data(Self.run("pamflip", transform + [widePage()]).stdout).write(to: URL(fileURLWithPath: stored))
        return stored
    }

    /// A TIFF as a scanner or camera may store it under Orientation `orientation`: the stored page
    /// (`storedPage`) written by pnmtotiff, and exiftool's tag that turns it back for display.
    public func turnedTIFF(_ orientation: Int, keepingTag: Bool = true) throws -> String {
        let out = directory.file("turned-\(orientation)\(keepingTag ? "" : "-untagged").tif")
        try Data(Self.run("pnmtotiff", [storedPage(orientation)]).stdout).write(to: URL(fileURLWithPath: out))
        if keepingTag { try Self.run("exiftool", ["-q", "-n", "-Orientation=\(orientation)", "-overwrite_original", out]) }
        return out
    }

    /// One TIFF holding every picture in `pictures` (netpbm gray maps or PNGs), a page each, in order, as
    /// pnmtotiff appends them (what a scanner's multi-page file is).
    public func multiPageTIFF(_ pictures: [String], name: String = "pages.tif") throws -> String {
        let out = directory.file(name)
        for (index, picture) in pictures.enumerated() {
            let pnm = picture.hasSuffix(".png") ? try Self.run("pngtopnm", [picture]).stdout : try Data(contentsOf: URL(fileURLWithPath: picture))
            // The first page makes the file; -append adds a directory to it.
            try Self.runWithInput("pnmtotiff", (index == 0 ? [] : ["-append"]) + ["-output=\(out)"], stdin: pnm)
        }
        return out
    }

    @discardableResult
    public static func runWithInput(_ tool: String, _ arguments: [String], stdin: Data) throws -> ExternalTool.Outcome {
        let outcome = try ExternalTool.named(tool).run(arguments, stdin: stdin)
        guard outcome.status == 0 else { throw ToolFailed(tool: tool, stderr: outcome.stderr) }
        return outcome
    }

    @discardableResult
    public static func run(_ tool: String, _ arguments: [String]) throws -> ExternalTool.Outcome {
        let outcome = try ExternalTool.named(tool).run(arguments)
        guard outcome.status == 0 else { throw ToolFailed(tool: tool, stderr: outcome.stderr) }
        return outcome
    }

    public struct ToolFailed: Error, CustomStringConvertible {
        let tool: String
        let stderr: String
        public var description: String { "\(tool) failed: \(stderr)" }
    }
}
