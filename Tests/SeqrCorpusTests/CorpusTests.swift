import Foundation
import SeqrCorpus
import SeqrQR
import Testing

@Suite("Corpus generator")
struct CorpusTests {
    @Test("the same seed gives the same files; another seed gives others")
    func deterministic() throws {
        let a = try DegradedCorpus.generate([.photo, .multiple], perClass: 2, seed: 9)
        let b = try DegradedCorpus.generate([.photo, .multiple], perClass: 2, seed: 9)
        let c = try DegradedCorpus.generate([.photo, .multiple], perClass: 2, seed: 10)
        #expect(a.map(\.fileData) == b.map(\.fileData))
        #expect(a.map(\.fileData) != c.map(\.fileData))
        #expect(a.map(\.fileName) == ["photo-000.jpg", "photo-001.jpg", "multiple-000.png", "multiple-001.png"])
    }

    @Test("JPEG classes are JPEG files, the rest PNG")
    func fileFormats() throws {
        for sample in try DegradedCorpus.generate(perClass: 1) {
            let codec = ImageCodec.sniff(sample.fileData)
            #expect(codec == (["jpeg30", "photo"].contains(sample.distortion.rawValue) ? .jpeg : .png))
        }
    }

    @Test("a homography maps its four points and its inverse undoes it")
    func homography() throws {
        let from = [(0.0, 0.0), (10, 0), (10, 10), (0, 10)]
        let to = [(5.0, 3.0), (18, 4), (20, 19), (4, 15)]
        let h = try #require(Homography(from: from, to: to))
        for (p, q) in zip(from, to) {
            let (x, y) = h.apply(p.0, p.1)
            #expect(abs(x - q.0) < 1e-9 && abs(y - q.1) < 1e-9)
            let (bx, by) = h.inverse.apply(x, y)
            #expect(abs(bx - p.0) < 1e-9 && abs(by - p.1) < 1e-9)
        }
        #expect(Homography(from: from, to: [(0, 0), (1, 1), (2, 2), (3, 3)]) == nil)
    }

    @Test("blur spreads an edge; sharpening makes it steep again")
    func blurAndSharpen() {
        var edge = GrayImage(width: 20, height: 1, fill: 255)
        for x in 0..<10 { edge[x, 0] = 0 }
        let soft = edge.blurred(sigma: 2)
        #expect(soft[9, 0] > 60 && soft[10, 0] < 195)
        let crisp = soft.sharpened(sigma: 2, amount: 3)
        #expect(crisp[7, 0] < soft[7, 0] && crisp[12, 0] > soft[12, 0])
    }
}
