import Foundation
import SeqrQR
import SeqrTestSupport
import Testing

/// Issue 47: `ImageFile.readBytes` read any regular file whole before looking at it (a 1 GiB file took
/// 1.07 GB). An image file's format is told from its first 4 KiB, and its size checked against the
/// format's limit, before the rest is read.
@Suite("an image file is recognised and its size checked before it is read whole")
struct ImageFileReadLimitTests {
    /// A sparse file of `size` bytes starting with `head` (no disk space or memory spent writing it).
    static func sparseFile(_ head: [UInt8], size: Int, in directory: TemporaryDirectory, name: String) throws -> String {
        let path = try directory.write(Data(head), to: name)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
        return path
    }

    @Test("a 1 GiB file that starts like a PNG is refused from its size, naming the format and both sizes")
    func largePNGRefusedFromItsSize() throws {
        let directory = try TemporaryDirectory()
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let path = try Self.sparseFile(png, size: 1 << 30, in: directory, name: "huge.png")
        let limit = ImageFileFormat.image(.png).maximumFileBytes()
        #expect(limit == 50_000_000 * 8 + (16 << 20))
        #expect(throws: ImageFileError.tooManyBytes(path: path, format: "PNG", bytes: 1 << 30, limit: limit)) {
            try ImageFile.read(path)
        }
        #expect(throws: ImageFileError.tooManyBytes(path: path, format: "PNG", bytes: 1 << 30, limit: limit)) {
            try ImageFile.forEachPage(ofFile: path) { _ in }
        }
        #expect(ImageFileError.tooManyBytes(path: "huge.png", format: "PNG", bytes: 1 << 30, limit: limit).description
                == "huge.png: the PNG file is 1,073,741,824 bytes, more than Seqr reads for one (at most 416,777,216 bytes)")
        // A raised pixel limit raises the size allowed with it.
        #expect(ImageFileFormat.image(.png).maximumFileBytes(pixelLimit: 200_000_000) > 1 << 30)
        // readBytes itself, for files that are no pictures (payloads, JSON), still reads what it is given.
        let small = try directory.write(Data(repeating: 7, count: 10_000), to: "payload.bin")
        #expect(try ImageFile.readBytes(small).count == 10_000)
    }

    @Test("a file that is no picture is refused from its first bytes, the format limits per kind")
    func headDecides() throws {
        let directory = try TemporaryDirectory()
        let junk = try Self.sparseFile(Array("not a picture".utf8), size: 1 << 30, in: directory, name: "junk.bin")
        #expect(throws: ImageFileError.unsupportedFormat(path: junk)) { try ImageFile.read(junk) }
        let pdf = try Self.sparseFile(Array("%PDF-1.4\n".utf8), size: 600 << 20, in: directory, name: "big.pdf")
        #expect(throws: ImageFileError.tooManyBytes(path: pdf, format: "PDF", bytes: 600 << 20, limit: 512 << 20)) {
            try ImageFile.forEachPage(ofFile: pdf) { _ in }
        }
        #expect(ImageFileFormat(sniffing: Data("<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)) == .svg)
        #expect(ImageFileFormat(sniffing: Data("hello".utf8)) == nil)
    }
}
