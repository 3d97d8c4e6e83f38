import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCorpus
import SeqrQR

extension SeqrBench {
    /// Whether ZBar, the last pass of `--thorough`, still adds codes to zxing-cpp's thorough passes:
    /// the evidence issue 16 asks for before ZBar is kept or dropped.
    struct SecondOpinion: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "second-opinion",
            abstract: "Count the codes ZBar adds to a thorough read of each picture, or of simulated phone photos of it.",
            discussion: """
            Each picture (or each of --photos simulated phone photos of it: the page tilted, turned, \
            unevenly lit, out of focus, noisy, JPEG) is read thoroughly twice, with and without ZBar \
            (seqr decode --thorough reads with). Vault pages written by `seqr vault backup -o DIR/ \
            --dpi 300` make the photographed-vault-page corpus.

              seqr-bench second-opinion --photos 3 pages/page-*.png
            """
        )

        @Argument(help: "Pictures to read (any format seqr reads; every PDF page).")
        var pictures: [String]

        @Option(help: "Simulated phone photos of each picture (0: read the pictures as they are).")
        var photos = 0

        @Option(help: "Seed of the simulated photos.")
        var seed: UInt64 = 16

        @Option(name: .customLong("keep"), help: "Also write each simulated photo to this directory (PNG), to read it again with seqr.")
        var keepDirectory: String?

        @Flag(help: "Print the results as JSON.")
        var json = false

        struct Row: Encodable {
            let picture: String
            let withoutZBar: Int
            let withZBar: Int
            let addedByZBar: Int
        }

        func run() throws {
            var generator = SeededGenerator(seed: seed)
            var rows: [Row] = []
            for path in pictures {
                for (pageNumber, page) in try ImageFile.readPages(path).enumerated() {
                    let shots = photos == 0 ? [page] : try (0..<photos).map { _ in try Self.photograph(page, using: &generator) }
                    for (shot, image) in shots.enumerated() {
                        let name = path + (pageNumber > 0 ? " page \(pageNumber + 1)" : "") + (photos > 0 ? " photo \(shot + 1)" : "")
                        StandardStreams.warn("second-opinion: \(name)")
                        if let keepDirectory, photos > 0 {
                            let file = "\(keepDirectory)/\(rows.count + 1)-" + URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent + ".png"
                            try FileWriter.write(try ImageCodec.png.encode(image), to: file)
                        }
                        let without = Set(try QRDecoder(thorough: true, secondOpinion: false).decode(image).map(\.payload))
                        let with = Set(try QRDecoder(thorough: true, secondOpinion: true).decode(image).map(\.payload))
                        rows.append(Row(picture: name, withoutZBar: without.count, withZBar: with.count,
                                        addedByZBar: with.subtracting(without).count))
                    }
                }
            }
            if json {
                try JSONOutput.print(rows)
                return
            }
            var lines = ["| picture | codes, thorough without ZBar | with ZBar | added by ZBar |", "| --- | ---: | ---: | ---: |"]
            for row in rows {
                lines.append("| \(row.picture) | \(row.withoutZBar) | \(row.withZBar) | \(row.addedByZBar) |")
            }
            lines.append("| **all \(rows.count)** | \(rows.map(\.withoutZBar).reduce(0, +)) | \(rows.map(\.withZBar).reduce(0, +)) | \(rows.map(\.addedByZBar).reduce(0, +)) |")
            StandardStreams.print(lines.joined(separator: "\n"))
        }

        /// A phone photo of a printed page: the page fills 80–95 % of a 2,000–2,800-pixel frame,
        /// each corner displaced by up to 14 % of the page's side (tilt), turned up to 4°, lit
        /// unevenly, out of focus (σ 1–2.2 px), with sensor noise, saved as JPEG at 70–88.
        static func photograph(_ page: GrayImage, using g: inout SeededGenerator) throws -> GrayImage {
            let frameWidth = [2000, 2400, 2800].randomElement(using: &g)!
            let frame = GrayImage(width: frameWidth, height: frameWidth * 4 / 3, fill: UInt8.random(in: 60...120, using: &g))
            let scale = Double.random(in: 0.80...0.95, using: &g)
                * min(Double(frame.width) / Double(page.width), Double(frame.height) / Double(page.height))
            let w = Double(page.width) * scale, h = Double(page.height) * scale
            let left = (Double(frame.width) - w) / 2, top = (Double(frame.height) - h) / 2
            let tilt = Double.random(in: 0.04...0.14, using: &g)
            let turn = Double.random(in: -4...4, using: &g) * .pi / 180
            let center = (Double(frame.width) / 2, Double(frame.height) / 2)
            let corners = [(left, top), (left + w, top), (left + w, top + h), (left, top + h)].map { x, y in
                let (jx, jy) = (x + Double.random(in: -tilt...tilt, using: &g) * w, y + Double.random(in: -tilt...tilt, using: &g) * h)
                let (dx, dy) = (jx - center.0, jy - center.1)
                return (center.0 + dx * cos(turn) - dy * sin(turn), center.1 + dx * sin(turn) + dy * cos(turn))
            }
            let source = [(0.0, 0.0), (Double(page.width), 0), (Double(page.width), Double(page.height)), (0, Double(page.height))]
            guard let transform = Homography(from: source, to: corners) else { return page }
            var photo = ImageDistortion.warp(page, into: frame, transform: transform)
            photo = ImageDistortion.shade(photo, darkest: Double.random(in: 0.65...0.9, using: &g), angle: Double.random(in: 0..<360, using: &g))
            photo = ImageDistortion.blur(photo, sigma: Double.random(in: 1.0...2.2, using: &g))
            photo = ImageDistortion.noise(photo, deviation: Double.random(in: 2...6, using: &g), using: &g)
            return try ImageDistortion.jpeg(photo, quality: Int.random(in: 70...88, using: &g))
        }
    }
}
