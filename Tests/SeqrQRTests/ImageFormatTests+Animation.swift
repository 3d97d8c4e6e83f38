import Foundation
import SeqrQR
import SeqrTestSupport
import Testing

extension ImageFormatTests {
    @Test("an animated WebP (img2webp, two frames) reads as its first frame; cut short, it is 'truncated or corrupt'")
    func animatedWebP() throws {
        let first = directory.file("frame-1.png"), second = directory.file("frame-2.png")
        try ForeignImageFiles.run("qrencode", ["-s", "6", "-m", "4", "-o", first, "the first frame"])
        try ForeignImageFiles.run("qrencode", ["-s", "6", "-m", "4", "-o", second, "a later frame"])
        let animation = directory.file("animation.webp")
        try ForeignImageFiles.run("img2webp", ["-lossless", first, "-d", "500", second, "-o", animation])
        let image = try ImageFile.read(animation)
        #expect(try image.pixels == ImageFile.read(first).pixels)
        #expect(try QRDecoder().decode(image).map(\.payload) == [Data("the first frame".utf8)])

        let data = try Data(contentsOf: URL(fileURLWithPath: animation))
        for cut in [40, data.count / 2, data.count - 8] {
            let path = try directory.write(data.prefix(cut), to: "animation-\(cut).webp")
            do {
                let read = try ImageFile.read(path)
                // Cut within the second frame, the first is whole: read as it is.
                #expect(read.pixels == image.pixels, "cut at \(cut) of \(data.count)")
            } catch {
                guard case .corrupt(path, "WebP", _) = error else { Issue.record("cut at \(cut): \(error)"); continue }
            }
        }
    }
}
