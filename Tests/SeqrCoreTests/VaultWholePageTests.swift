import Foundation
import SeqrCore
import Testing

/// The count that lets restore stop reading a page early (VaultAssembler.holdsWholePage):
/// yes only for every code of one printed page, counted from the codes' own headers.
@Suite("A whole vault page, counted")
struct VaultWholePageTests {
    /// The payloads in print order, six to a page (rows 3 × columns 2 in the headers).
    static func printed(size: Int, survivePages: Int?, seed: UInt64 = 7) throws -> [[UInt8]] {
        try VaultParityPlanTests.backup(size: size, survivePages: survivePages, seed: seed).1.payloads
    }

    static func page(_ payloads: [[UInt8]], _ index: Int) -> [[UInt8]] {
        Array(payloads[(index * 6)..<min(index * 6 + 6, payloads.count)])
    }

    @Test("every full page is whole; one code fewer, or codes of two pages, are not")
    func fullPages() throws {
        let payloads = try Self.printed(size: 20_000, survivePages: 1)
        try #require(payloads.count > 12)
        for index in 0..<(payloads.count / 6) {
            let page = Self.page(payloads, index)
            #expect(VaultAssembler.holdsWholePage(page.shuffled()), "page \(index + 1)")
            for missing in page.indices {
                var short = page
                short.remove(at: missing)
                #expect(!VaultAssembler.holdsWholePage(short), "page \(index + 1) without code \(missing)")
            }
        }
        // Six codes, but from two pages (a photo of two pages): not one whole page.
        #expect(!VaultAssembler.holdsWholePage(Array(payloads[3..<9])))
        // Twelve codes of two whole pages are not one page either.
        #expect(!VaultAssembler.holdsWholePage(Array(payloads[0..<12])))
        // The same code twice counts once.
        #expect(!VaultAssembler.holdsWholePage(Array(payloads[0..<5]) + [payloads[0]]))
    }

    @Test("the short last page is whole with its last parity code and every other code of it, not before")
    func shortLastPage() throws {
        // Sizes whose last page holds fewer than six codes, with parity.
        var checked = 0
        for size in stride(from: 9_000, through: 30_000, by: 1_700) {
            let payloads = try Self.printed(size: size, survivePages: 1)
            guard payloads.count % 6 != 0 else { continue }
            let last = Self.page(payloads, payloads.count / 6)
            #expect(VaultAssembler.holdsWholePage(last.shuffled()), "\(size) bytes: \(last.count) codes on the last page")
            // Without its last parity code the page's count is unknown: read on.
            #expect(!VaultAssembler.holdsWholePage(Array(last.dropLast())))
            if last.count > 1 {
                #expect(!VaultAssembler.holdsWholePage(Array(last.dropFirst())))
            }
            checked += 1
        }
        #expect(checked >= 3)
    }

    @Test("a short last page without parity is never called whole: nothing says how many codes it holds")
    func shortPageWithoutParity() throws {
        let payloads = try Self.printed(size: 9_000, survivePages: 0)
        try #require(payloads.count % 6 != 0)
        #expect(!VaultAssembler.holdsWholePage(Self.page(payloads, payloads.count / 6)))
        #expect(VaultAssembler.holdsWholePage(Self.page(payloads, 0)))
    }

    @Test("other QR codes are not counted, and codes of two backups never make a whole page")
    func foreignCodes() throws {
        let one = try Self.printed(size: 20_000, survivePages: 1, seed: 1)
        let other = try Self.printed(size: 20_000, survivePages: 1, seed: 2)
        let foreign = Array("https://example.com".utf8)
        #expect(VaultAssembler.holdsWholePage(Self.page(one, 0) + [foreign]))
        #expect(!VaultAssembler.holdsWholePage(Array(Self.page(one, 0).prefix(5)) + [foreign]))
        #expect(!VaultAssembler.holdsWholePage(Self.page(one, 0) + [other[0]]))
        #expect(!VaultAssembler.holdsWholePage([foreign]) && !VaultAssembler.holdsWholePage([]))
    }
}
