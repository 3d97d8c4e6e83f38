import Foundation
import SeqrQR
import SeqrTestSupport
import Testing

@Suite("SVG input: drawn in a child under a processor-time limit, no external resource read")
struct SVGPictureLimitTests {
    /// Each level's group is filtered and uses the level below twice: 2^depth blurred full-size
    /// drawings from about a kilobyte (depth 12: over a minute of librsvg's time on this machine).
    static func filteredUseChain(depth: Int) -> Data {
        var text = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="1000" height="1000">"#
        text += #"<defs><filter id="f"><feGaussianBlur stdDeviation="50"/></filter><g id="l0" filter="url(#f)"><rect width="1000" height="1000"/></g>"#
        for level in 1...depth {
            text += ##"<g id="l\##(level)" filter="url(#f)"><use xlink:href="#l\##(level - 1)"/><use xlink:href="#l\##(level - 1)"/></g>"##
        }
        return Data((text + ##"</defs><use xlink:href="#l\##(depth)"/></svg>"##).utf8)
    }

    @Test("a kilobyte of filtered <use> chains is refused at the processor-time limit, in one line, the file named")
    func slowDrawingRefused() throws {
        let slow = Self.filteredUseChain(depth: 12)
        #expect(slow.count < 1_300)
        let started = ContinuousClock.now
        #expect(throws: ImageFileError.tooSlowToDraw(path: "slow.svg", format: "SVG", page: 1, seconds: 1)) {
            try ImageFile.decode(slow, path: "slow.svg", svgTimeLimit: 1)
        }
        // One second of processor time, or ten of waiting on a busy machine; never the minute it takes.
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(ImageFileError.tooSlowToDraw(path: "slow.svg", format: "SVG", page: 1, seconds: 10).description
                == "slow.svg: the SVG file takes more than 10 s of processor time to draw, more than Seqr spends on a file (nested <use> or filters?)")
    }

    @Test("what seqr encode writes is drawn in the child and decodes; a shallow chain draws")
    func ownSVGDecodes() throws {
        let symbol = try QREncoder.encode(text: "svg in a child")
        let image = try ImageFile.decode(Data(symbol.svg().utf8), path: "code.svg")
        #expect(try QRDecoder().decode(image).map(\.payload) == [Data("svg in a child".utf8)])
        #expect(try ImageFile.decode(Self.filteredUseChain(depth: 1), path: "shallow.svg").width == 1_000)
    }

    @Test("an SVG naming a picture file by path or file: URL draws without it")
    func externalPictureNotLoaded() throws {
        let directory = try TemporaryDirectory()
        let png = try directory.write(try QREncoder.encode(text: "external").pngData(), to: "external.png")
        for reference in [png, "file://" + png] {
            let svg = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="1000" height="1000"><image width="1000" height="1000" xlink:href="\#(reference)"/></svg>"#
            let image = try ImageFile.decode(Data(svg.utf8), path: "external.svg")
            #expect(image.pixels.allSatisfy { $0 == 255 }, "\(reference) was not read")
        }
    }

    @Test("a picture an SVG embeds (data: URL) larger than the drawing child's memory allowance is not drawn")
    func embeddedPictureBeyondMemoryAllowance() throws {
        // 18,000² black pixels: 320 KB of PNG, 1.3 GB as the RGBA picture librsvg decodes (2 GB in all
        // before the child's data limit), above SEQR_CHILD_DATA_ALLOWANCE (1 GiB) and 5 bytes a pixel drawn.
        let side = 18_000
        let png = try ImageCodec.png.encode(GrayImage(width: side, height: side, pixels: [UInt8](repeating: 0, count: side * side)))
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="1000" height="1000"><image width="1000" height="1000" xlink:href="data:image/png;base64,"# + png.base64EncodedString() + #""/></svg>"#
        let image = try ImageFile.decode(Data(svg.utf8), path: "embedded.svg", pixelLimit: 1_000_000)
        #expect(image.pixels.allSatisfy { $0 == 255 }, "the embedded picture was decoded in full")
        // A small embedded picture is drawn.
        let small = try ImageCodec.png.encode(GrayImage(width: 100, height: 100, pixels: [UInt8](repeating: 0, count: 100 * 100)))
        let drawn = try ImageFile.decode(Data((#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="1000" height="1000"><image width="1000" height="1000" xlink:href="data:image/png;base64,"# + small.base64EncodedString() + #""/></svg>"#).utf8), path: "small.svg", pixelLimit: 1_000_000)
        #expect(drawn.pixels.allSatisfy { $0 == 0 })
    }

    @Test("an SVG whose DOCTYPE holds entities (as Illustrator writes) or whose comment holds '>' is read as SVG; entity loops and external entities are refused")
    func doctypeAndComments() throws {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="10" height="10"/></svg>"#
        #expect(SVGPicture.isSVG(Data((#"<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd" [ <!ENTITY ns_svg "http://www.w3.org/2000/svg"> ]>"# + svg).utf8)))
        #expect(SVGPicture.isSVG(Data(("<!-- a > b --> " + svg).utf8)))
        #expect(!SVGPicture.isSVG(Data(#"<!DOCTYPE html [ <!ENTITY a "b"> ]><html/>"#.utf8)))
        let loop = #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a0 "lol"><!ENTITY a1 "&a0;&a0;&a0;&a0;&a0;&a0;&a0;&a0;&a0;&a0;"><!ENTITY a2 "&a1;&a1;&a1;&a1;&a1;&a1;&a1;&a1;&a1;&a1;"><!ENTITY a3 "&a2;&a2;&a2;&a2;&a2;&a2;&a2;&a2;&a2;&a2;"><!ENTITY a4 "&a3;&a3;&a3;&a3;&a3;&a3;&a3;&a3;&a3;&a3;"><!ENTITY a5 "&a4;&a4;&a4;&a4;&a4;&a4;&a4;&a4;&a4;&a4;"><!ENTITY a6 "&a5;&a5;&a5;&a5;&a5;&a5;&a5;&a5;&a5;&a5;"><!ENTITY a7 "&a6;&a6;&a6;&a6;&a6;&a6;&a6;&a6;&a6;&a6;"><!ENTITY a8 "&a7;&a7;&a7;&a7;&a7;&a7;&a7;&a7;&a7;&a7;"><!ENTITY a9 "&a8;&a8;&a8;&a8;&a8;&a8;&a8;&a8;&a8;&a8;">]><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><text>&a9;</text></svg>"#
        let external = #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><text>&x;</text></svg>"#
        for (name, text) in [("loop.svg", loop), ("external.svg", external)] {
            do {
                _ = try ImageFile.decode(Data(text.utf8), path: name)
                Issue.record("\(name) was drawn")
            } catch {
                guard case .corrupt(name, "SVG", let detail) = error, !detail.contains("\n") else { Issue.record("\(error)"); continue }
            }
        }
    }
}
