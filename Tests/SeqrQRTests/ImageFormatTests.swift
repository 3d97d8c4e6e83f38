import Foundation
import SeqrQR
import SeqrTestSupport
import Testing

@Suite("Image formats written by other programs: each decodes, each damage is a typed error")
struct ImageFormatTests {
    let directory: TemporaryDirectory
    let files: ForeignImageFiles

    init() throws {
        directory = try TemporaryDirectory()
        files = try ForeignImageFiles(in: directory)
    }

    @Test("each format, recognised by its content, decodes to the payload", arguments: ForeignImageFiles.Kind.allCases)
    func decodes(kind: ForeignImageFiles.Kind) throws {
        let path = try files.make(kind)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(ImageCodec.sniff(data) == kind.codec)
        let image = try ImageFile.read(path)
        let reference = try ImageFile.read(files.png)
        #expect(image.width == reference.width && image.height == reference.height)
        #expect(try QRDecoder().decode(image).map(\.payload) == [Data(files.payload.utf8)])
    }

    @Test("cut short anywhere: 'truncated or corrupt', naming the file and the format", arguments: ForeignImageFiles.Kind.allCases)
    func truncated(kind: ForeignImageFiles.Kind) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: files.make(kind)))
        // Not the last bytes: a TIFF may end with a tag's text (pnmtotiff's ImageDescription), which libtiff rightly does without.
        for cut in [32, 64, data.count / 4, data.count / 2, data.count * 3 / 4] where cut > 0 && cut < data.count {
            let path = try directory.write(data.prefix(cut), to: "cut-\(kind.rawValue)-\(cut)")
            do {
                _ = try ImageFile.read(path)
                Issue.record("\(kind) cut at \(cut) of \(data.count) bytes was read as an image")
            } catch {
                guard case .corrupt(path, kind.codec.rawValue, _) = error else {
                    Issue.record("\(kind) cut at \(cut) of \(data.count) bytes: \(error)")
                    continue
                }
            }
        }
    }

    @Test("bytes damaged anywhere: an image or a typed error, never a crash", arguments: ForeignImageFiles.Kind.allCases)
    func damaged(kind: ForeignImageFiles.Kind) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: files.make(kind)))
        var generator = SplitMix(seed: UInt64(kind.rawValue.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))
        for round in 0..<40 {
            var damaged = data
            // Headers matter most: half the damage falls in the first 64 bytes.
            for _ in 0..<4 {
                let span = round % 2 == 0 ? min(64, damaged.count) : damaged.count
                damaged[Int(generator.next() % UInt64(span))] ^= UInt8(truncatingIfNeeded: generator.next() | 1)
            }
            do {
                _ = try ImageFile.decode(damaged, path: "damaged")
            } catch {
                switch error {
                case .corrupt, .unsupportedFormat, .tooLarge, .unsupportedColorSpace: break
                default: Issue.record("\(kind) round \(round): \(error)")
                }
            }
        }
    }

    /// A small, seeded generator: the same damage on every run.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
