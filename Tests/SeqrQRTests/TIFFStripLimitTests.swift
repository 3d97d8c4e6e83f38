import Foundation
import SeqrQR
import SeqrTestSupport
import Testing

/// A TIFF's strips name bytes of the file; when thousands name the same few kilobytes, each is
/// decoded again (a 62 KB file took 43 s and 2.74 GB; issue 32, finding 12).
@Suite("TIFF strips bounded by the file")
struct TIFFStripLimitTests {
    /// A 100 × 100 8-bit gray page in 100 one-row strips; `shared`: every strip names the same 100 bytes.
    static func tiff(shared: Bool) -> Data {
        func le16(_ value: Int) -> Data { Data([UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]) }
        func le32(_ value: Int) -> Data { le16(value & 0xFFFF) + le16(value >> 16 & 0xFFFF) }
        let side = 100, pixelsAt = 8
        let pixels = Data((0..<(shared ? side : side * side)).map { UInt8(truncatingIfNeeded: $0) })
        let offsetsAt = pixelsAt + pixels.count, countsAt = offsetsAt + 4 * side, directoryAt = countsAt + 4 * side
        var tiff = Data([0x49, 0x49, 0x2A, 0x00]) + le32(directoryAt) + pixels
        for row in 0..<side { tiff += le32(pixelsAt + (shared ? 0 : row * side)) }
        for _ in 0..<side { tiff += le32(side) }
        let entries: [(tag: Int, type: Int, count: Int, value: Int)] = [
            (256, 4, 1, side), (257, 4, 1, side), (258, 3, 1, 8), (259, 3, 1, 1), (262, 3, 1, 1),
            (273, 4, side, offsetsAt), (277, 3, 1, 1), (278, 4, 1, 1), (279, 4, side, countsAt),
        ]
        tiff += le16(entries.count)
        for entry in entries {
            tiff += le16(entry.tag) + le16(entry.type) + le32(entry.count)
            tiff += entry.type == 3 ? le16(entry.value) + le16(0) : le32(entry.value)
        }
        return tiff + le32(0)
    }

    @Test("strips that all name the same bytes are refused before any is decoded; strips of their own read")
    func sharedStrips() throws {
        let directory = try TemporaryDirectory()
        let own = try directory.write(Self.tiff(shared: false), to: "own.tif")
        #expect(try ImageFile.read(own).width == 100)
        let shared = try directory.write(Self.tiff(shared: true), to: "shared.tif")
        do {
            _ = try ImageFile.read(shared)
            Issue.record("strips sharing their bytes were read")
        } catch {
            guard case .corrupt(shared, "TIFF", let detail) = error else { Issue.record("\(error)"); return }
            #expect(detail == "its strips name more bytes than the file holds (strip 11 of 100)", "\(detail)")
        }
    }
}
