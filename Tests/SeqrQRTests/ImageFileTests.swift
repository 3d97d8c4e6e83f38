import Foundation
import SeqrQR
import SeqrTestSupport
import Testing

@Suite("Reading image files: every failure has its own error")
struct ImageFileTests {
    let directory: TemporaryDirectory
    let png: Data
    let jpeg: Data

    init() throws {
        directory = try TemporaryDirectory()
        let symbol = try QREncoder.encode(text: "image file tests")
        png = try symbol.pngData()
        jpeg = try ImageCodec.jpeg.encode(symbol.rasterized(), quality: 80)
    }

    @Test("a missing file")
    func missing() {
        let path = directory.file("nope.png")
        #expect(throws: ImageFileError.notFound(path: path)) { try ImageFile.read(path) }
    }

    @Test("an empty file")
    func empty() throws {
        let path = try directory.write(Data(), to: "empty.png")
        #expect(throws: ImageFileError.empty(path: path)) { try ImageFile.read(path) }
    }

    @Test("a directory")
    func directoryPath() {
        #expect(throws: ImageFileError.unreadable(path: directory.path, reason: "it is a directory")) { try ImageFile.read(directory.path) }
    }

    @Test("a path through a file is missing, as a missing file is")
    func pathThroughAFile() throws {
        let file = try directory.write(png, to: "code.png")
        #expect(throws: ImageFileError.notFound(path: file + "/inner.png")) { try ImageFile.read(file + "/inner.png") }
    }

    @Test("a file larger than one read is read whole")
    func largeFile() throws {
        let large = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        #expect(try ImageFile.readBytes(directory.write(large, to: "large.bin")) == large)
    }

    @Test("a FIFO with no writer and an endless device are refused at once, not waited on or read forever")
    func notRegularFiles() throws {
        let fifo = directory.file("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: ImageFileError.unreadable(path: fifo, reason: "it is not a regular file")) { try ImageFile.readBytes(fifo) }
        #expect(throws: ImageFileError.unreadable(path: "/dev/zero", reason: "it is not a regular file")) { try ImageFile.readBytes("/dev/zero") }
    }

    @Test("a symlink loop and a name too long are missing files, as FileManager said")
    func missingByOtherNames() throws {
        let loop = directory.file("loop")
        #expect(symlink(loop, loop) == 0)
        #expect(throws: ImageFileError.notFound(path: loop)) { try ImageFile.readBytes(loop) }
        let long = directory.file(String(repeating: "x", count: 300))
        #expect(throws: ImageFileError.notFound(path: long)) { try ImageFile.readBytes(long) }
    }

    @Test("files that are not images, whatever their name", arguments: [
        Data("just some text\n".utf8), Data("%PDF-1.5 not really".utf8), Data([0x89, 0x50, 0x4E]),
        // RIFF but a WAV, an ISO media file but a video, "BM" but text: the magic number is more than its first letters.
        Data("RIFF\u{24}\0\0\0WAVEfmt ".utf8), Data("\0\0\0\u{18}ftypisom\0\0\0\0".utf8), Data("BMW 320d, 2019, grey\n".utf8),
    ])
    func notAnImage(content: Data) throws {
        let path = try directory.write(content, to: "fake.png")
        #expect(throws: ImageFileError.unsupportedFormat(path: path)) { try ImageFile.read(path) }
    }

    @Test("PNG files cut short at any point", arguments: [9, 33, 60, 120, 0.5, 0.9] as [Double])
    func truncatedPNG(cut: Double) throws {
        let length = cut < 1 ? Int(Double(png.count) * cut) : Int(cut)
        let path = try directory.write(png.prefix(length), to: "cut.png")
        #expect { try ImageFile.read(path) } throws: { error in
            guard case .corrupt(path, "PNG", _) = error as? ImageFileError else { return false }
            return true
        }
    }

    @Test("JPEG files cut short at any point", arguments: [4, 100, 0.5, 0.9] as [Double])
    func truncatedJPEG(cut: Double) throws {
        let length = cut < 1 ? Int(Double(jpeg.count) * cut) : Int(cut)
        let path = try directory.write(jpeg.prefix(length), to: "cut.jpg")
        #expect { try ImageFile.read(path) } throws: { error in
            guard case .corrupt(path, "JPEG", _) = error as? ImageFileError else { return false }
            return true
        }
    }

    @Test("a PNG with a damaged chunk fails its CRC check")
    func damagedPNG() throws {
        var damaged = png
        damaged[damaged.count / 2] ^= 0x40
        let path = try directory.write(damaged, to: "damaged.png")
        #expect { try ImageFile.read(path) } throws: { error in
            guard case .corrupt(path, "PNG", _) = error as? ImageFileError else { return false }
            return true
        }
    }

    @Test("PNG and JPEG are recognised by content, not by name")
    func sniffing() throws {
        let pngNamedJpg = try directory.write(png, to: "really-a-png.jpg")
        let jpegNamedPng = try directory.write(jpeg, to: "really-a-jpeg.png")
        #expect(try QRDecoder().decode(ImageFile.read(pngNamedJpg)).map(\.payload) == [Data("image file tests".utf8)])
        #expect(try QRDecoder().decode(ImageFile.read(jpegNamedPng)).map(\.payload) == [Data("image file tests".utf8)])
    }

    @Test("an image without a QR code yields no symbols, not an error")
    func noCode() throws {
        var plain = GrayImage(width: 400, height: 300, fill: 200)
        for x in 50..<350 { plain[x, 150] = 0 }  // a line, not a code
        let path = try directory.write(ImageCodec.png.encode(plain), to: "plain.png")
        #expect(try QRDecoder(thorough: true).decode(ImageFile.read(path)).isEmpty)
    }
}
