import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCore
import SeqrQR

struct EncodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract: "Encode text or any bytes as a QR code.",
        discussion: """
        The payload comes from --text, --file, or standard input. The output format follows \
        --format, else the extension of -o (.png, .svg, .pdf), else the terminal when \
        standard output is one, else PNG bytes on standard output.

        Examples:
          seqr encode --text "https://example.org"            # draw it in the terminal
          seqr encode --file key.bin --ec H -o key.png
          echo -n hello | seqr encode --format svg > hello.svg
          seqr encode --file big.bin --split 3 -o big.png      # big-01.png … big-03.png
          seqr encode --text hi --foreground '#1a237e' --background '#fff8e1' -o hi.svg
        """
    )

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case png, svg, pdf, terminal
        /// Half blocks without colour codes, for files and light terminals.
        case text
    }

    @Option(name: .long, help: "The text to encode (UTF-8).")
    var text: String?

    @Option(name: .long, help: "Encode this file's bytes, exactly ('-' for standard input).")
    var file: String?

    @Option(name: .customLong("ec"), help: "Error correction: L (7%), M (15%), Q (25%) or H (30%); default M (L with --micro).")
    var errorCorrection: QRErrorCorrectionLevel?

    @Option(name: .customLong("min-version"), help: "Smallest QR version (1–40); a larger one is used if the data needs it.")
    var minimumVersion: Int = 1

    @Option(help: "Quiet zone around the code, in modules (the standard asks for 4).")
    var margin: Int = 4

    @Option(help: "Pixels (PNG), or points (PDF), per module.")
    var scale: Int = 8

    @Flag(help: "Use one 8-bit segment even for text (by default text may use the smaller numeric and alphanumeric modes).")
    var binary = false

    @Flag(help: "Write a Micro QR code (M1–M4, at most 35 digits or 15 bytes; EC L, M or Q; --ec defaults to L).")
    var micro = false

    @Option(name: .shortAndLong, help: "Output file; '-' for standard output.")
    var output: String?

    @Flag(help: "Overwrite the -o file if it exists.")
    var force = false

    @Option(help: "Output format: png, svg, pdf, terminal or text (overrides the -o extension).")
    var format: OutputFormat?

    @Flag(help: "Print what was written as JSON (version, EC level, size) on standard output; needs -o FILE.")
    var json = false

    @Option(name: [.customLong("split"), .customLong("structured-append")],
            help: "Split the payload over N QR codes (2–16), a structured-append sequence, written to FILE-01.png … FILE-NN.png (as qrencode -S names them); seqr decode joins them.")
    var split: Int?

    @Option(help: "Colour of the dark modules, #RRGGBB (PNG, SVG and PDF; default black).")
    var foreground: String?

    @Option(help: "Colour of the light modules and the quiet zone, #RRGGBB (default white). Colours of too little contrast to scan (WCAG ratio under 3:1) are refused.")
    var background: String?

    func validate() throws {
        if text != nil && file != nil { throw ValidationError("give either --text or --file, not both") }
        guard QRCapacity.versions.contains(minimumVersion) else { throw ValidationError("--min-version must be between 1 and 40") }
        guard (0...100).contains(margin) else { throw ValidationError("--margin must be between 0 and 100 modules") }
        guard (1...100).contains(scale) else { throw ValidationError("--scale must be between 1 and 100") }
        if json && (output == nil || output == "-") { throw ValidationError("--json needs -o FILE (standard output would mix JSON and image bytes)") }
        if micro && (minimumVersion != 1 || binary) { throw ValidationError("--micro picks the smallest Micro QR version itself and takes neither --min-version nor --binary") }
        if let split {
            guard (2...QREncoder.maximumSequenceCount).contains(split) else { throw ValidationError("--split must be between 2 and \(QREncoder.maximumSequenceCount) codes") }
            if micro { throw ValidationError("--split makes QR codes; Micro QR has no structured append") }
            if output == nil || output == "-" { throw ValidationError("--split needs -o FILE: each code is written to a file of its own") }
        }
        _ = try colors()
    }

    /// The colours asked for, checked for a contrast a phone can scan.
    private func colors() throws -> (foreground: RGBColor, background: RGBColor) {
        func parse(_ value: String?, _ name: String, _ fallback: RGBColor) throws -> RGBColor {
            guard let value else { return fallback }
            guard let color = RGBColor(hex: value) else { throw ValidationError("--\(name) must be a colour as #RRGGBB, not '\(DisplayName.escaped(value))'") }
            return color
        }
        let dark = try parse(foreground, "foreground", .black), light = try parse(background, "background", .white)
        let ratio = dark.contrastRatio(with: light)
        guard ratio >= QRRenderStyle.minimumContrastRatio else {
            throw ValidationError("--foreground \(dark) on --background \(light) has a contrast of \(String(format: "%.1f", ratio)):1, too low to scan (at least \(Int(QRRenderStyle.minimumContrastRatio)):1)")
        }
        return (dark, light)
    }

    func run() throws {
        let (dark, light) = try colors()
        if dark.relativeLuminance > light.relativeLuminance {
            // ISO/IEC 18004 makes reading reversed codes optional: zxing reads them, zbarimg and many phone cameras do not.
            StandardStreams.warn("--foreground \(dark) is lighter than --background \(light): a light-on-dark code, which many scanners do not read")
        }
        let style = QRRenderStyle(scale: scale, margin: margin, foreground: dark, background: light)
        let chosen = try resolvedFormat()
        if !style.isBlackOnWhite && (chosen == .terminal || chosen == .text) {
            throw CLIError("--foreground and --background apply to PNG, SVG and PDF, not to the terminal", status: .usage)
        }
        if let split, let output { return try writeSequence(split, output: output, style: style, format: chosen) }
        if let output { try FileWriter.checkWritable(output, replacing: force) }
        let payload = try readPayload()
        let symbol: QRSymbol
        if micro {
            symbol = try QREncoder.encodeMicro(payload, errorCorrection: errorCorrection ?? .L)
        } else {
            symbol = try QREncoder.encode(payload, options: encodingOptions)
        }
        try refuseOversized(symbol, style: style, format: chosen)
        let bytes = try rendered(symbol, style: style, format: chosen)
        if let output, output != "-" {
            try FileWriter.write(bytes, to: output, overwrite: force)
            let summary = Summary(output: output, format: chosen.rawValue, symbol: symbol.micro ? "microqr" : "qr", version: symbol.version,
                                  errorCorrection: symbol.errorCorrection.rawValue, modules: symbol.size, payloadBytes: payload.count)
            if json {
                try JSONOutput.print(summary)
            } else {
                StandardStreams.warn("wrote \(output): \(symbol.micro ? "Micro QR version M" : "version ")\(symbol.version), EC \(symbol.errorCorrection.rawValue), \(symbol.size)×\(symbol.size) modules, \(payload.count) bytes")
            }
        } else {
            StandardStreams.write(bytes)
        }
    }

    private var encodingOptions: QREncodingOptions {
        QREncodingOptions(errorCorrection: errorCorrection ?? .M, minimumVersion: minimumVersion, segmentation: binary ? .binary : .automatic)
    }

    private func rendered(_ symbol: QRSymbol, style: QRRenderStyle, format: OutputFormat) throws -> Data {
        switch format {
        case .png: try symbol.pngData(style)
        case .svg: Data(symbol.svg(style).utf8)
        case .pdf: try symbol.pdfData(style)
        case .terminal: Data(symbol.terminalText(margin: margin, colors: true).utf8)
        case .text: Data(symbol.terminalText(margin: margin, colors: false).utf8)
        }
    }

    /// `--split`: the sequence's codes to FILE-01.ext … (every file checked before the first is written).
    private func writeSequence(_ count: Int, output: String, style: QRRenderStyle, format: OutputFormat) throws {
        let url = URL(fileURLWithPath: output)
        let stem = String(output.dropLast(url.pathExtension.isEmpty ? 0 : url.pathExtension.count + 1))
        let paths = (1...count).map { stem + String(format: "-%02d", $0) + (url.pathExtension.isEmpty ? "" : "." + url.pathExtension) }
        for path in paths { try FileWriter.checkWritable(path, replacing: force) }
        let payload = try readPayload()
        let symbols = try QREncoder.encodeStructuredAppend(payload, count: count, options: encodingOptions)
        for symbol in symbols { try refuseOversized(symbol, style: style, format: format) }
        var summaries: [Summary] = []
        for (index, (symbol, path)) in zip(symbols, paths).enumerated() {
            try FileWriter.write(rendered(symbol, style: style, format: format), to: path, overwrite: force)
            let part = QREncoder.sequencePart(index, of: count, in: payload.count)
            summaries.append(Summary(output: path, format: format.rawValue, symbol: "qr", version: symbol.version,
                                     errorCorrection: symbol.errorCorrection.rawValue, modules: symbol.size, payloadBytes: part.count))
            if !json {
                StandardStreams.warn("wrote \(path): code \(index + 1) of \(count), version \(symbol.version), EC \(symbol.errorCorrection.rawValue), \(symbol.size)×\(symbol.size) modules, \(part.count) bytes")
            }
        }
        if json { try JSONOutput.print(summaries) }
    }

    /// A PNG `seqr decode` would refuse, or a PDF page viewers would not open, is refused with the limit and the largest --scale that fits.
    private func refuseOversized(_ symbol: QRSymbol, style: QRRenderStyle, format: OutputFormat) throws(CLIError) {
        let side = style.totalModules(symbol) * style.scale
        switch format {
        case .png:
            let maximumSide = Int(Double(ImageCodec.maximumPixels).squareRoot())
            guard side > maximumSide else { return }
            throw CLIError("a PNG of \(side)×\(side) pixels is larger than seqr decode reads (at most \(ImageCodec.maximumPixels.formatted()) pixels, \(maximumSide.formatted()) a side): use --scale \(max(1, maximumSide / style.totalModules(symbol))) or less", status: .usage)
        case .pdf:
            guard side > QRSymbol.maximumPDFPagePoints else { return }
            throw CLIError("a PDF page of \(side)×\(side) points is larger than PDF allows (at most \(QRSymbol.maximumPDFPagePoints.formatted()) points a side): use --scale \(max(1, QRSymbol.maximumPDFPagePoints / style.totalModules(symbol))) or less", status: .usage)
        case .svg, .terminal, .text:
            return
        }
    }

    struct Summary: Encodable {
        let output: String
        let format: String
        /// qr or microqr, named as in `seqr decode --formats`.
        let symbol: String
        /// 1–40, or 1–4 for Micro QR (M1–M4).
        let version: Int
        let errorCorrection: String
        let modules: Int
        let payloadBytes: Int
    }

    private func readPayload() throws -> Data {
        if let text { return Data(text.utf8) }
        if let file {
            if file == "-" { return StandardStreams.readAllInput() }
            do {
                return try ImageFile.readBytes(file)
            } catch ImageFileError.empty {
                return Data()
            }
        }
        if StandardStreams.inputIsTerminal {
            throw CLIError("nothing to encode: give --text, --file, or pipe the data on standard input", status: .usage)
        }
        return StandardStreams.readAllInput()
    }

    private func resolvedFormat() throws -> OutputFormat {
        if let format { return format }
        if let output, output != "-" {
            switch URL(fileURLWithPath: output).pathExtension.lowercased() {
            case "png": return .png
            case "svg": return .svg
            case "pdf": return .pdf
            case "txt": return .text
            case let other:
                throw CLIError("cannot tell the format from '\(output)'\(other.isEmpty ? "" : " (.\(other))"): use .png, .svg, .pdf or --format", status: .usage)
            }
        }
        return StandardStreams.outputIsTerminal ? .terminal : .png
    }
}

extension QRErrorCorrectionLevel: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument.uppercased()) }
}
