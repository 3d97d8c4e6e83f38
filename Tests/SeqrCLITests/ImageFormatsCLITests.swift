import Foundation
import SeqrTestSupport
import Testing

/// The formats of docs/cli.md's "Pictures": every command that reads a picture reads them all,
/// written by other programs, from a file or from standard input.
@Suite("seqr reads every image format a phone or scanner writes")
struct ImageFormatsCLITests {
    let directory: TemporaryDirectory
    let files: ForeignImageFiles

    init() throws {
        directory = try TemporaryDirectory()
        files = try ForeignImageFiles(payload: "read from any format", in: directory)
    }

    @Test("decode: JPEG, WebP, HEIC, TIFF, BMP and GIF files from other programs, in one run")
    func decodeEveryFormat() throws {
        let paths = try ForeignImageFiles.Kind.allCases.map { try files.make($0) }
        let result = try SeqrBinary.run(["decode"] + paths)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText == paths.map { "\($0): read from any format\n" }.joined())
    }

    @Test("decode -: a HEIC and a WebP on standard input")
    func standardInput() throws {
        for kind in [ForeignImageFiles.Kind.heic, .webp] {
            let result = try SeqrBinary.run("decode", "-", stdin: Data(contentsOf: URL(fileURLWithPath: files.make(kind))))
            #expect(result.status == 0, "\(kind): \(result.stderr)")
            #expect(result.stdoutText == "read from any format\n")
        }
    }

    @Test("decode --json: a JPEG stored turned (EXIF orientation 6) has the upright file's size and corners")
    func turnedJPEGGeometry() throws {
        struct Report: Decodable {
            struct Code: Decodable {
                struct Point: Decodable, Equatable { let x: Int, y: Int }
                let corners: [Point]
            }
            let width: Int, height: Int, codes: [Code]
        }
        // Not square, so that a turn shows in the size too: pnmpad widens the upright picture.
        let wide = directory.file("wide.pgm")
        try Data(ForeignImageFiles.run("pnmpad", ["-white", "-right", "96", files.pgm]).stdout).write(to: URL(fileURLWithPath: wide))
        let upright = directory.file("wide.jpg"), stored = directory.file("wide-turned.jpg")
        try ForeignImageFiles.run("cjpeg", ["-grayscale", "-quality", "90", "-outfile", upright, wide])
        try ForeignImageFiles.run("jpegtran", ["-perfect", "-rotate", "270", "-outfile", stored, upright])
        try ForeignImageFiles.run("exiftool", ["-q", "-n", "-Orientation=6", "-overwrite_original", stored])

        func report(_ path: String) throws -> Report {
            let result = try SeqrBinary.run("decode", "--json", path)
            #expect(result.status == 0, "\(result.stderr)")
            return try #require(try JSONDecoder().decode([Report].self, from: result.stdout).first)
        }
        let expected = try report(upright), turned = try report(stored)
        #expect(expected.width > expected.height, "the padded picture is wider than tall")
        #expect(turned.width == expected.width && turned.height == expected.height)
        let a = try #require(expected.codes.first).corners, b = try #require(turned.codes.first).corners
        #expect(zip(a, b).allSatisfy { abs($0.x - $1.x) <= 3 && abs($0.y - $1.y) <= 3 }, "\(b) is not \(a)")
    }

    @Test("decode: every page of a PDF; --json names the page of each code")
    func pdfPages() throws {
        let pdf = directory.file("code.pdf")
        #expect(try SeqrBinary.run("encode", "--text", "on a PDF page", "-o", pdf).status == 0)
        let result = try SeqrBinary.run("decode", pdf)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText == "on a PDF page\n")
    }

    @Test("decode: a damaged file names the file and the format; an unknown one lists the formats read (exit 65)")
    func damagedAndUnknown() throws {
        let webp = try Data(contentsOf: URL(fileURLWithPath: files.make(.webp)))
        let cut = try directory.write(webp.prefix(webp.count / 2), to: "cut.webp")
        let damaged = try SeqrBinary.run("decode", cut)
        #expect(damaged.status == 65)
        #expect(damaged.errorLines.count == 1 && damaged.errorLines[0].hasPrefix("seqr: \(cut): truncated or corrupt WebP image ("), "\(damaged.stderr)")
        let unknown = try directory.write(Data("\0\0\0\u{18}ftypmp42 a video, not a picture".utf8), to: "clip.heic")
        let result = try SeqrBinary.run("decode", unknown)
        #expect(result.status == 65)
        #expect(result.errorLines == ["seqr: \(unknown): not an image Seqr reads (PNG, JPEG, WebP, HEIC/HEIF, TIFF, BMP, GIF, SVG or PDF)"], "\(result.stderr)")
    }

    @Test("scan: a TIFF file and a GIF on standard input")
    func scan() throws {
        let store = directory.file("store")
        let tiff = try SeqrBinary.run("scan", "--store", store, files.make(.tiff))
        #expect(tiff.status == 0, "\(tiff.stderr)")
        #expect(tiff.stdoutText.contains("read from any format"), "\(tiff.stdoutText)")
        let gif = try SeqrBinary.run("scan", "--store", store, "-", stdin: Data(contentsOf: URL(fileURLWithPath: files.make(.gif))))
        #expect(gif.status == 0, "\(gif.stderr)")
        #expect(gif.stdoutText.contains("read from any format"), "\(gif.stdoutText)")
    }
}

extension ImageFormatsCLITests {
    @Test("vault restore: pages as TIFF (netpbm) and key sheets as WebP and HEIC (cwebp, heif-enc)")
    func vaultRestoreFromForeignFormats() throws {
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "SEQR_PASSWORD")
        let secret = try directory.write(Data("a secret kept on paper\n".utf8), to: "secret.txt")
        let pages = directory.file("pages/")
        let backup = try SeqrBinary.tool.run(["vault", "backup", secret, "--shares", "2-of-3", "-o", pages], environment: environment)
        #expect(backup.status == 0, "\(backup.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: pages).sorted()

        // Through files, not pipes: ExternalTool writes all of standard input before it reads the output.
        func pnm(_ png: String) throws -> String {
            let path = directory.file(URL(fileURLWithPath: png).lastPathComponent + ".pnm")
            try ForeignImageFiles.run("pngtopnm", [png]).stdout.write(to: URL(fileURLWithPath: path))
            return path
        }
        var tiffs: [String] = []
        for name in names where name.hasPrefix("page-") {
            let tiff = directory.file(name + ".tif")
            try ForeignImageFiles.run("pnmtotiff", [pnm(pages + name)]).stdout.write(to: URL(fileURLWithPath: tiff))
            tiffs.append(tiff)
        }
        let webp = directory.file("sheet-1.webp"), heic = directory.file("sheet-3.heic"), jpeg = directory.file("sheet-3.jpg")
        try ForeignImageFiles.run("cwebp", ["-quiet", "-q", "90", pages + "key-sheet-1.png", "-o", webp])
        try ForeignImageFiles.run("cjpeg", ["-quality", "92", "-outfile", jpeg, pnm(pages + "key-sheet-3.png")])
        try ForeignImageFiles.run("heif-enc", ["-q", "90", jpeg, "-o", heic])

        let out = directory.file("restored.txt")
        let restored = try SeqrBinary.tool.run(["vault", "restore"] + tiffs + ["--share", webp, "--share", heic, "-o", out], environment: environment)
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data(contentsOf: URL(fileURLWithPath: secret)))
    }
}

extension ImageFormatsCLITests {
    @Test("decode: a structured-append sequence in one picture prints one payload; --json says how many parts")
    func structuredAppend() throws {
        let text = "A longer text that qrencode splits over several version-1 QR symbols (structured append)."
        try ForeignImageFiles.run("qrencode", ["-S", "-v", "1", "-s", "4", "-o", directory.file("part.png"), text])
        let parts = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("part-") }.sorted()
        let pnms = try parts.map { part in
            let pnm = directory.file(part + ".pnm")
            try ForeignImageFiles.run("pngtopnm", [directory.file(part)]).stdout.write(to: URL(fileURLWithPath: pnm))
            return pnm
        }
        let row = directory.file("sequence.tif"), column = directory.file("sequence.pnm")
        try ForeignImageFiles.run("pamcat", ["-topbottom", "-white"] + pnms).stdout.write(to: URL(fileURLWithPath: column))
        try ForeignImageFiles.run("pnmtotiff", [column]).stdout.write(to: URL(fileURLWithPath: row))

        let result = try SeqrBinary.run("decode", row)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText == text + "\n")
        let json = try SeqrBinary.run("decode", "--json", row)
        let codes = try #require(((try JSONSerialization.jsonObject(with: json.stdout)) as? [[String: Any]])?.first?["codes"] as? [[String: Any]])
        #expect(codes.count == 1 && codes.first?["joinedParts"] as? Int == parts.count)
    }
}
