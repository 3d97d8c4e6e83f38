import Foundation
import SeqrQR
import SeqrTestSupport
import Testing

extension ImageFormatTests {
    /// libheif 1.15 reads an alpha plane of another size than its image out of bounds when it
    /// converts colours; Seqr reads the coded planes without conversion, so the alpha is never used.
    @Test("a HEIC whose alpha plane is coded at another size than its image (heif-enc's alpha spliced in from a file twice as large) reads as its image")
    func heicWithAlphaOfAnotherSize() throws {
        let small = try heicWithAlpha(scale: 1), large = try heicWithAlpha(scale: 2)
        let spliced = try Self.splicingAlpha(into: small, from: large)
        let path = try directory.write(spliced, to: "alpha-of-another-size.heic")
        // The splice took: libheif's own conversion (heif-convert) refuses the file, which the untouched one passes.
        let converted = directory.file("converted.png")
        _ = try ExternalTool.named("heif-convert").run([path, converted])
        #expect(!FileManager.default.fileExists(atPath: converted))
        _ = try ExternalTool.named("heif-convert").run([directory.write(small, to: "alpha-1-copy.heic"), converted])
        #expect(FileManager.default.fileExists(atPath: converted))
        let image = try ImageFile.read(path)
        let reference = try ImageFile.read(files.png)
        #expect(image.width == reference.width && image.height == reference.height)
        #expect(try QRDecoder().decode(image).map(\.payload) == [Data(files.payload.utf8)])
        // Cut short, the spliced file is refused like any other.
        let cut = try directory.write(spliced.prefix(spliced.count - 40), to: "alpha-cut.heic")
        #expect(throws: ImageFileError.self) { try ImageFile.read(cut) }
    }

    /// heif-enc 1.15 writes no grids: this one is assembled from its single image, as one tile.
    @Test("a crafted HEIF grid of one heif-enc tile reads; a grid canvas over 16,384 a side (yet under 200,000,000 pixels) is refused in one line")
    func heifGrid() throws {
        let plain = try Data(contentsOf: URL(fileURLWithPath: files.make(.heic)))
        let side = try ImageFile.read(files.png).width
        let fitting = try directory.write(Self.grid(of: plain, width: side, height: side), to: "grid.heic")
        #expect(try QRDecoder().decode(ImageFile.read(fitting)).map(\.payload) == [Data(files.payload.utf8)])
        let wide = try directory.write(Self.grid(of: plain, width: 20_000, height: 8_000), to: "wide-grid.heic")
        #expect(20_000 * 8_000 <= ImageCodec.maximumPixels)
        do {
            _ = try ImageFile.read(wide, pixelLimit: ImageCodec.maximumPixels)
            Issue.record("a 20,000-pixel-wide grid canvas was read")
        } catch {
            guard case .corrupt(wide, "HEIF", let detail) = error else { Issue.record("\(error)"); return }
            #expect(detail.contains("20000x8000 exceeds the maximum image size 16384x16384"), "\(detail)")
            // libheif ends the message with a line break; the command line prints one line.
            #expect(!error.description.contains("\n") && !detail.hasSuffix(" "))
        }
    }

    /// A HEIF whose primary item is a grid ('grid', ISO/IEC 23008-12) of `width` × `height` made of
    /// the single coded image of `plain` (heif-enc's file: one 'hvc1' item in one 'iloc' extent).
    static func grid(of plain: Data, width: Int, height: Int) throws -> Data {
        let file = [UInt8](plain)
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] { u32(8 + body.count) + Array(type.utf8) + body }
        func fullBox(_ type: String, version: UInt8, flags: Int = 0, _ body: [UInt8]) -> [UInt8] {
            box(type, [version] + Array(u32(flags).dropFirst()) + body)
        }
        func u16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func u32(_ value: Int) -> [UInt8] { u16(value >> 16 & 0xFFFF) + u16(value & 0xFFFF) }
        func copy(_ name: String) throws -> [UInt8] { Array(file[try #require(boxes(named: name, in: file).first)]) }
        let tile = try itemExtent(1, in: file)
        let tileData = Array(file[tile.offset..<(tile.offset + tile.length)])
        // Version 0, 16-bit sizes, one row and one column, the output size.
        let descriptor: [UInt8] = [0, 0, 0, 0] + u16(width) + u16(height)
        func meta(tileAt: Int, descriptorAt: Int) throws -> [UInt8] {
            let locations = [0x44, 0x40] + u16(2) + u16(1) + u16(0) + u32(tileAt) + u16(1) + u32(0) + u32(tileData.count)
                + u16(2) + u16(0) + u32(descriptorAt) + u16(1) + u32(0) + u32(descriptor.count)
            let items = u16(2) + fullBox("infe", version: 2, flags: 1, u16(1) + u16(0) + Array("hvc1".utf8) + [0])
                + fullBox("infe", version: 2, u16(2) + u16(0) + Array("grid".utf8) + [0])
            // Properties 1–3 are the tile's (hvcC essential, ispe, pixi), 4 the grid's size.
            let properties = box("ipco", try copy("hvcC") + copy("ispe") + copy("pixi") + fullBox("ispe", version: 0, u32(width) + u32(height)))
            let associations = fullBox("ipma", version: 0, u32(2) + u16(1) + [3, 0x81, 0x02, 0x03] + u16(2) + [1, 0x04])
            return fullBox("meta", version: 0, try copy("hdlr") + fullBox("pitm", version: 0, u16(2)) + fullBox("iloc", version: 0, locations)
                + fullBox("iinf", version: 0, items) + fullBox("iref", version: 0, box("dimg", u16(2) + u16(1) + u16(1)))
                + box("iprp", properties + associations))
        }
        let head = try copy("ftyp")
        let start = head.count + (try meta(tileAt: 0, descriptorAt: 0)).count + 8
        return Data(head + (try meta(tileAt: start, descriptorAt: start + tileData.count)) + box("mdat", tileData + descriptor))
    }

    /// The code with a uniform alpha plane (netpbm's pamscale, pgmtoppm, pamstack and pamtopng), scaled by `scale`, as heif-enc writes it.
    func heicWithAlpha(scale: Int) throws -> Data {
        let rgb = directory.file("alpha-\(scale).ppm"), mask = directory.file("mask-\(scale).pgm"), png = directory.file("alpha-\(scale).png")
        let heic = directory.file("alpha-\(scale).heic"), scaled = directory.file("scaled-\(scale).pgm")
        try ForeignImageFiles.run("pamscale", [String(scale), files.pgm]).stdout.write(to: URL(fileURLWithPath: scaled))
        // heif-enc 1.15 reads only 8-bit RGB(A) PNGs right: the gray code as RGB.
        try ForeignImageFiles.run("pgmtoppm", ["white", scaled]).stdout.write(to: URL(fileURLWithPath: rgb))
        let side = try ImageFile.read(files.png).width * scale
        try ForeignImageFiles.run("pgmmake", ["0.8", String(side), String(side)]).stdout.write(to: URL(fileURLWithPath: mask))
        let rgba = try ForeignImageFiles.run("pamstack", ["-tupletype=RGB_ALPHA", rgb, mask]).stdout
        try ForeignImageFiles.runWithInput("pamtopng", [], stdin: rgba).stdout.write(to: URL(fileURLWithPath: png))
        try ForeignImageFiles.run("heif-enc", ["-q", "90", png, "-o", heic])
        return try Data(contentsOf: URL(fileURLWithPath: heic))
    }

    /// `primary` with its alpha item's coded stream and decoder configuration (its 'hvcC') taken
    /// from `other`, both as heif-enc 1.15 writes them: a 'meta' box whose 'iloc' (version 0)
    /// places item 1 (the image) and item 2 (the alpha plane) in one extent each, and an 'ipco'
    /// whose second 'hvcC' is the alpha plane's. The new stream is appended to 'mdat', at the end.
    static func splicingAlpha(into primary: Data, from other: Data) throws -> Data {
        var file = [UInt8](primary)
        let donor = [UInt8](other)
        let (donorOffset, donorLength, _, _) = try alphaExtent(donor)
        let configuration = try #require(Self.boxes(named: "hvcC", in: file).dropFirst().first)
        let donorConfiguration = try #require(Self.boxes(named: "hvcC", in: donor).dropFirst().first)
        // The boxes holding the configuration grow or shrink with it, and everything after it moves:
        // the items' data (in 'mdat', after 'meta') with it. 'iloc' comes before, so stays put.
        let delta = donorConfiguration.count - configuration.count
        let enclosing = ["meta", "iprp", "ipco"].compactMap { Self.boxes(named: $0, in: file).first }
        let iloc = try #require(Self.boxes(named: "iloc", in: file).first)
        try #require(enclosing.count == 3 && enclosing.allSatisfy { $0.contains(configuration.lowerBound) } && iloc.upperBound <= configuration.lowerBound)
        file.replaceSubrange(configuration, with: donor[donorConfiguration])
        for box in enclosing { Self.put(box.count + delta, at: box.lowerBound, in: &file) }
        for item in 1...2 {
            let field = try itemExtent(item, in: file).baseField
            Self.put(read(field, 4, in: file) + delta, at: field, in: &file)
        }
        let (alphaOffset, alphaLength, baseField, lengthField) = try itemExtent(2, in: file)
        #expect(alphaOffset + alphaLength <= file.count)
        let mdat = try #require(Self.boxes(named: "mdat", in: file).first)
        try #require(mdat.upperBound == file.count)
        let stream = donor[donorOffset..<(donorOffset + donorLength)]
        let newOffset = file.count
        file += stream
        Self.put(mdat.count + stream.count, at: mdat.lowerBound, in: &file)
        Self.put(newOffset, at: baseField, in: &file)
        Self.put(stream.count, at: lengthField, in: &file)
        return Data(file)
    }

    static func alphaExtent(_ file: [UInt8]) throws -> (offset: Int, length: Int, baseField: Int, lengthField: Int) {
        try itemExtent(2, in: file)
    }

    /// An item's data offset and length in an 'iloc' of version 0 with 4-byte fields, and where
    /// its base offset and extent length are written.
    static func itemExtent(_ wanted: Int, in file: [UInt8]) throws -> (offset: Int, length: Int, baseField: Int, lengthField: Int) {
        let iloc = try #require(boxes(named: "iloc", in: file).first)
        var at = iloc.lowerBound + 8
        try #require(file[at] == 0 && file[at + 4] == 0x44 && file[at + 5] >> 4 == 4)
        at += 6
        let items = read(at, 2, in: file)
        at += 2
        for _ in 0..<items {
            let id = read(at, 2, in: file)
            let baseField = at + 4
            let base = read(baseField, 4, in: file)
            try #require(read(at + 8, 2, in: file) == 1)
            let offset = read(at + 10, 4, in: file), length = read(at + 14, 4, in: file)
            if id == wanted { return (base + offset, length, baseField, at + 14) }
            at += 18
        }
        throw ItemMissing()
    }

    struct ItemMissing: Error {}

    /// The byte ranges of every box of type `name`, searched in the top level and inside 'meta', 'iprp' and 'ipco'.
    static func boxes(named name: String, in file: [UInt8], range: Range<Int>? = nil) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var at = range?.lowerBound ?? 0
        let end = range?.upperBound ?? file.count
        while at + 8 <= end {
            let size = read(at, 4, in: file)
            guard size >= 8, at + size <= end else { break }
            let type = String(decoding: file[(at + 4)..<(at + 8)], as: UTF8.self)
            if type == name { found.append(at..<(at + size)) }
            // 'meta' is a full box: its children start after version and flags.
            if type == "meta" { found += boxes(named: name, in: file, range: (at + 12)..<(at + size)) }
            if type == "iprp" || type == "ipco" { found += boxes(named: name, in: file, range: (at + 8)..<(at + size)) }
            at += size
        }
        return found
    }

    static func read(_ at: Int, _ count: Int, in file: [UInt8]) -> Int {
        file[at..<(at + count)].reduce(0) { $0 << 8 | Int($1) }
    }

    static func put(_ value: Int, at: Int, in file: inout [UInt8]) {
        for index in 0..<4 { file[at + index] = UInt8(truncatingIfNeeded: value >> (8 * (3 - index))) }
    }
}
