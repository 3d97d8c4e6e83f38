import Foundation
import SeqrQR
import SeqrTestSupport
import Testing

/// libjpeg's known way to be kept busy: a progressive JPEG of thousands of scans, each a pass
/// over the whole image, in a small file. Seqr stops at 100 scans, as djpeg -maxscans does.
@Suite("Progressive JPEGs of more scans than any camera writes are refused, with the limit")
struct JPEGScanLimitTests {
    let directory: TemporaryDirectory
    let files: ForeignImageFiles

    init() throws {
        directory = try TemporaryDirectory()
        files = try ForeignImageFiles(payload: "scanned progressively", in: directory)
    }

    @Test("cjpeg -progressive, and jpegtran's longest scan script (100 scans), are read")
    func ordinaryProgressive() throws {
        let progressive = directory.file("progressive.jpg")
        try ForeignImageFiles.run("cjpeg", ["-grayscale", "-progressive", "-outfile", progressive, files.pgm])
        #expect(try QRDecoder().decode(ImageFile.read(progressive)).map(\.payload) == [Data(files.payload.utf8)])
        let longest = try hundredScans()
        #expect(try Self.scanCount(Data(contentsOf: URL(fileURLWithPath: longest))) == ImageCodec.maximumJPEGScans)
        #expect(try QRDecoder().decode(ImageFile.read(longest)).map(\.payload) == [Data(files.payload.utf8)])
    }

    @Test("one scan more, or thousands (the last scan repeated, which libjpeg only warns about): 'more than 100 scans'", arguments: [1, 5_000])
    func tooManyScans(extra: Int) throws {
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: hundredScans()))
        // Scans start at FF DA (stuffing keeps that pair out of entropy-coded data); the file ends with FF D9.
        let lastScan = try #require(Self.markers(0xDA, in: jpeg).last)
        let end = jpeg.count - 2
        #expect(jpeg[end] == 0xFF && jpeg[end + 1] == 0xD9)
        let repeated = jpeg.prefix(end) + Data(Array(repeating: jpeg[lastScan..<end], count: extra).joined()) + jpeg.suffix(2)
        #expect(Self.scanCount(repeated) == ImageCodec.maximumJPEGScans + extra)
        let path = try directory.write(repeated, to: "scans-\(extra).jpg")
        #expect(throws: ImageFileError.tooManyScans(path: path, format: "JPEG")) { try ImageFile.read(path) }
        #expect(ImageFileError.tooManyScans(path: path, format: "JPEG").description.contains("more than 100 scans"))
    }

    /// cjpeg's code made progressive by jpegtran with a script of 100 scans (the most its script reader takes):
    /// the DC scan, then each AC coefficient alone, the first 36 in two successive-approximation steps.
    func hundredScans() throws -> String {
        var script = ["0: 0 0 0 0;"]
        for k in 1...63 {
            script += k <= 36 ? ["0: \(k) \(k) 0 1;", "0: \(k) \(k) 1 0;"] : ["0: \(k) \(k) 0 0;"]
        }
        let scriptPath = try directory.write(Data(script.joined(separator: "\n").utf8), to: "scans.txt")
        let out = directory.file("hundred-scans.jpg")
        try ForeignImageFiles.run("jpegtran", ["-scans", scriptPath, "-outfile", out, files.make(.jpeg)])
        return out
    }

    static func markers(_ marker: UInt8, in data: Data) -> [Int] {
        data.indices.dropLast().filter { data[$0] == 0xFF && data[$0 + 1] == marker }
    }

    static func scanCount(_ data: Data) -> Int { markers(0xDA, in: data).count }
}
