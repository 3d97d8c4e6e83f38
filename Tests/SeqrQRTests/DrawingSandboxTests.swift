import Foundation
@testable import SeqrQR
import SeqrTestSupport
import Testing

/// Issue 47 (hardening): the child that draws untrusted PDFs and SVGs drops what drawing does not need.
@Suite("the drawing child's sandbox")
struct DrawingSandboxTests {
    @Test("the drawing child cannot open a socket or create a file, and still reads files (fonts)")
    func noNetworkNoNewFiles() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("made-by-the-child")
        #expect(DrawingSandbox.probe(creating: path) == "socket refused, create refused, read allowed")
        #expect(!FileManager.default.fileExists(atPath: path))
        // Drawing itself still works in the sandbox: a PDF with text (fonts read) and an SVG.
        let pdf = try QREncoder.encode(Data("sandboxed".utf8)).pdfData()
        #expect(try ImageFile.pages(of: pdf, path: "code.pdf").count == 1)
        let svg = Data(try QREncoder.encode(Data("sandboxed".utf8)).svg().utf8)
        #expect(try QRDecoder().decode(ImageFile.decode(svg, path: "code.svg")).first?.payload == Data("sandboxed".utf8))
    }
}
