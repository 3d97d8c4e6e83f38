import Foundation
import SeqrCore
import SeqrQR
import Testing

/// Restore reads a many-page file (a PDF) page by page: each page's codes are added while the
/// later pages are still being drawn, only a few pages are in memory, and no page is drawn once
/// the backup is complete.
@Suite("Vault restore, page by page")
struct VaultPageStreamTests {
    /// A backup's code pages, rendered as `vault backup -o FOLDER/` writes them.
    static func pages(bytes: Int) throws -> (pages: [GrayImage], document: VaultDocument) {
        let document = VaultDocument(title: "stream", contents: VaultPrintoutTests.randomBytes(bytes, seed: 21))
        var options = VaultPrintoutTests.options(compression: false)
        options.survivePages = 0
        let backup = try PaperVault.backup(document, password: "paper", options: options)
        var printout = VaultPrintout(backup: backup)
        printout.includesRestoreProgram = false
        return (try printout.pngPages(dpi: 200).map { try ImageCodec.png.decode($0) }, document)
    }

    /// Counts the pages a reader handed over, from its thread.
    final class Handed: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0, stopped = false
        func add() { lock.withLock { count += 1 } }
        func stop() { lock.withLock { stopped = true } }
        var value: Int { lock.withLock { count } }
        var wasStopped: Bool { lock.withLock { stopped } }
    }

    @Test("one file of many pages: codes are added page by page, with at most a few pages read ahead")
    func pageByPage() throws {
        let (pages, document) = try Self.pages(bytes: 60_000)
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        try #require(pages.count >= 6)
        let handed = Handed()
        var handedAtEachAdd: [Int] = []
        var assembler = VaultAssembler()
        let files = try assembler.addCodes(onPagesOf: ["backup.pdf"], eachPage: { _, _, page in
            for image in pages {
                handed.add()
                try page(image)
            }
        }, progress: { _, _ in }, pageRead: { _ in handedAtEachAdd.append(handed.value) })
        #expect(files == 1 && assembler.isComplete)
        #expect(try PaperVault.restore(message: assembler.messageBuffer(), password: "paper") == document)
        #expect(handedAtEachAdd.count == pages.count)
        // The n-th page's codes were added with at most `width` pages decoding and two more read
        // beyond them; collecting the file first would have handed every page before the first add.
        for (added, handedThen) in handedAtEachAdd.enumerated() {
            #expect(handedThen <= added + 1 + width + 2, "page \(added + 1) added when \(handedThen) pages had been read")
        }
        if width + 2 < pages.count { #expect(handedAtEachAdd[0] < pages.count) }
    }

    @Test("no page is drawn once the backup is complete, though the file goes on")
    func stopsInsideAFile() throws {
        let (pages, _) = try Self.pages(bytes: 60_000)
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let handed = Handed()
        var assembler = VaultAssembler()
        // The file holds the backup twice over: the second copy is not needed.
        let twice = pages + pages
        _ = try assembler.addCodes(onPagesOf: ["twice.pdf"], eachPage: { _, _, page in
            do {
                for image in twice {
                    handed.add()
                    try page(image)
                }
            } catch {
                handed.stop()
                throw error
            }
        }, progress: { _, _ in })
        #expect(assembler.isComplete)
        // When the last code is added: `width` pages decoding or decoded, one waiting for them, and
        // one more handed over while the last code was being added.
        #expect(handed.wasStopped && handed.value <= pages.count + width + 2, "\(handed.value) of \(twice.count) pages read")
    }

    @Test("a reader's error ends the reading and is thrown, after the pages already read")
    func readerError() throws {
        struct Unreadable: Error {}
        let (pages, _) = try Self.pages(bytes: 60_000)
        var assembler = VaultAssembler()
        var added = 0
        #expect(throws: Unreadable.self) {
            try assembler.addCodes(onPagesOf: ["broken.pdf"], eachPage: { _, _, page in
                try page(pages[0])
                throw Unreadable()
            }, progress: { _, _ in }, pageRead: { _ in added += 1 })
        }
        #expect(added == 1 && assembler.foundCodes == 6)
    }
}
