import Foundation
import SeqrQR
import SeqrTestSupport
import Testing

@Suite("Structured-append QR sequences are joined when every part is present")
struct StructuredAppendTests {
    static let payload = "This payload is split over several structured-append QR symbols by qrencode, version 1 each."

    /// qrencode's sequence (-S, version 1), the parts side by side in one picture (netpbm's pamcat);
    /// `leaving` drops parts by index.
    func sequencePicture(leaving omitted: Set<Int> = [], in directory: TemporaryDirectory) throws -> GrayImage {
        try ForeignImageFiles.run("qrencode", ["-S", "-v", "1", "-s", "4", "-m", "4", "-o", directory.file("part.png"), Self.payload])
        let parts = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("part-") }.sorted()
        #expect(parts.count > 2)
        var pnms: [String] = []
        for (index, part) in parts.enumerated() where !omitted.contains(index) {
            let pnm = directory.file(part + ".pnm")
            try ForeignImageFiles.run("pngtopnm", [directory.file(part)]).stdout.write(to: URL(fileURLWithPath: pnm))
            pnms.append(pnm)
        }
        let row = directory.file("sequence.pnm")
        try ForeignImageFiles.run("pamcat", ["-leftright", "-white"] + pnms).stdout.write(to: URL(fileURLWithPath: row))
        return try ImageFile.decode(ForeignImageFiles.run("pnmtopng", [row]).stdout, path: "sequence.png")
    }

    @Test("qrencode's sequence in one picture reads as the one payload")
    func joinsWholeSequence() throws {
        let directory = try TemporaryDirectory()
        let symbols = try QRDecoder().decode(sequencePicture(in: directory))
        #expect(symbols.count > 2 && symbols.allSatisfy { $0.sequence != nil })
        let joined = symbols.joiningStructuredAppend()
        #expect(joined.map(\.payload) == [Data(Self.payload.utf8)])
        #expect(joined.first?.joinedParts == symbols.count)
    }

    @Test("with a part missing, the parts stay parts, each saying its place")
    func missingPart() throws {
        let directory = try TemporaryDirectory()
        let symbols = try QRDecoder().decode(sequencePicture(leaving: [1], in: directory))
        let joined = symbols.joiningStructuredAppend()
        #expect(joined.count == symbols.count && joined.allSatisfy { $0.joinedParts == nil })
        #expect(!joined.contains { $0.sequence?.index == 1 })
    }

    @Test("parts whose parity does not match their joined payload are not joined; a part seen twice is joined once; two different parts in one place are not joined")
    func parityAndDuplicates() {
        func part(_ index: Int, _ text: String, parity: UInt8, x: Int = 0) -> DecodedSymbol {
            DecodedSymbol(payload: Data(text.utf8), corners: [PixelPoint(x: x, y: 0)], version: 1, errorCorrection: .L, inverted: false,
                          sequence: StructuredAppend(index: index, count: 2, id: String(parity)))
        }
        let parity = Data("hello, world".utf8).reduce(0, ^)
        let good = [part(1, ", world", parity: parity), part(0, "hello", parity: parity), part(0, "hello", parity: parity, x: 300)]
        #expect(good.joiningStructuredAppend().map(\.payload) == [Data("hello, world".utf8)])
        let forged = [part(0, "hello", parity: parity), part(1, ", there", parity: parity)]
        #expect(forged.joiningStructuredAppend() == forged)
        // A second part 1 whose bytes keep the parity (", wrold" XORs like ", world"): not joined, all three shown.
        let swapped = Data(", world".utf8).reduce(0, ^) == Data(", wrold".utf8).reduce(0, ^)
            ? [part(0, "hello", parity: parity), part(1, ", world", parity: parity), part(1, ", wrold", parity: parity, x: 300)] : []
        #expect(!swapped.isEmpty)
        #expect(swapped.joiningStructuredAppend() == swapped)
    }

    @Test("parts spread over several pictures join across them, saying where each part was; incomplete, forged or conflicting sets do not")
    func acrossPictures() throws {
        let directory = try TemporaryDirectory()
        try ForeignImageFiles.run("qrencode", ["-S", "-v", "1", "-s", "4", "-m", "4", "-o", directory.file("part.png"), Self.payload])
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("part-") }.sorted()
        // One picture per part, read in reverse order: nothing joins within a picture.
        var found: [(symbol: DecodedSymbol, origin: String)] = []
        for file in files.reversed() {
            let symbols = try QRDecoder().decode(ImageFile.read(directory.file(file))).joiningStructuredAppend()
            #expect(symbols.count == 1 && symbols[0].sequence != nil)
            found += symbols.map { ($0, file) }
        }
        let joined = StructuredAppend.joinAcross(found)
        #expect(joined.map(\.symbol.payload) == [Data(Self.payload.utf8)])
        #expect(joined.first?.parts == files && joined.first?.symbol.joinedParts == files.count)
        #expect(joined.first.map { Set($0.members) } == Set(found.indices))
        #expect(StructuredAppend.joinAcross(Array(found.dropFirst())).isEmpty)

        func part(_ index: Int, _ text: String, parity: UInt8) -> DecodedSymbol {
            DecodedSymbol(payload: Data(text.utf8), corners: [PixelPoint(x: 0, y: 0)], version: 1, errorCorrection: .L, inverted: false,
                          sequence: StructuredAppend(index: index, count: 2, id: String(parity)))
        }
        let parity = Data("hello, world".utf8).reduce(0, ^)
        #expect(StructuredAppend.joinAcross([(part(1, ", world", parity: parity), "b"), (part(0, "hello", parity: parity), "a")]).map(\.parts) == [["a", "b"]])
        #expect(StructuredAppend.joinAcross([(part(0, "hello", parity: parity), "a"), (part(1, ", there", parity: parity), "b")]).isEmpty)
        let conflicting = [(part(0, "hello", parity: parity), "a"), (part(1, ", world", parity: parity), "b"), (part(1, ", wrold", parity: parity), "c")]
        #expect(StructuredAppend.joinAcross(conflicting).isEmpty)
    }
}
