import Foundation
import Testing

/// The DocC articles show code that the tests run: every ```swift block of an article in a
/// `Sources/*/*.docc` catalog is, character for character, a region of a test file marked
/// `// doc-snippet: <article file name>` … `// doc-snippet-end` (dedented), and every such region is
/// shown by its article. Changing either without the other fails here.
@Suite("DocC articles and the tests that run their code")
struct DocSnippetSyncTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func files(under folder: String, suffix: String) throws -> [URL] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.path.hasSuffix(suffix) }.sorted { $0.path < $1.path }
    }

    /// Article name → its ```swift blocks.
    static func articleBlocks() throws -> [String: [String]] {
        var blocks: [String: [String]] = [:]
        for file in try files(under: "Sources", suffix: ".md") where file.path.contains(".docc/") {
            let name = file.deletingPathExtension().lastPathComponent
            var current: [String]?
            for line in try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n") {
                if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                    current = []
                } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                    blocks[name, default: []].append(current!.joined(separator: "\n"))
                    current = nil
                } else if current != nil {
                    current!.append(line)
                }
            }
        }
        return blocks
    }

    /// Article name → the marked regions of the test files, dedented; and where each region is.
    static func testRegions() throws -> [String: [(text: String, place: String)]] {
        var regions: [String: [(text: String, place: String)]] = [:]
        for file in try files(under: "Tests", suffix: ".swift") where file.lastPathComponent != "DocSnippetSyncTests.swift" {
            var name: String?, lines: [String] = [], start = 0
            for (number, line) in try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n").enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("// doc-snippet: ") {
                    name = String(trimmed.dropFirst("// doc-snippet: ".count))
                    lines = []
                    start = number + 1
                } else if trimmed == "// doc-snippet-end", let open = name {
                    regions[open, default: []].append((dedent(lines), "\(file.lastPathComponent):\(start)"))
                    name = nil
                } else if name != nil {
                    lines.append(line)
                }
            }
            #expect(name == nil, "\(file.lastPathComponent): a doc-snippet region is not closed")
        }
        return regions
    }

    static func dedent(_ lines: [String]) -> String {
        let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { $0.count >= indent ? String($0.dropFirst(indent)) : "" }.joined(separator: "\n")
    }

    @Test("every article's Swift code is a region of a test, and every region is in its article")
    func inStep() throws {
        let blocks = try Self.articleBlocks()
        let regions = try Self.testRegions()
        #expect(!blocks.isEmpty && !regions.isEmpty)
        for (article, codes) in blocks {
            let shown = regions[article]?.map(\.text) ?? []
            for (index, code) in codes.enumerated() {
                let isRegion = shown.contains(code)
                #expect(isRegion, "code block \(index + 1) of \(article).md is not a `// doc-snippet: \(article)` region of a test:\n\(code)")
            }
        }
        for (article, found) in regions {
            for region in found {
                let isShown = blocks[article]?.contains(region.text) == true
                #expect(isShown, "the doc-snippet region at \(region.place) is not a code block of \(article).md")
            }
        }
    }

    @Test("the check notices a change: a region with one more space is not its article's block")
    func noticesChange() {
        #expect(Self.dedent(["    let a = 1", "      b()"]) == "let a = 1\n  b()")
        #expect(Self.dedent(["    let a = 1", "", "    b()"]) == "let a = 1\n\nb()")
    }
}
