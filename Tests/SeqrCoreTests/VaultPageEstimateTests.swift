import Foundation
import SeqrCore
import Testing

@Suite("Vault pages estimated before encrypting")
struct VaultPageEstimateTests {
    @Test("without compression the estimate is the page count, at the largest padding", arguments: [100, 5_000, 11_000, 40_000, 100_000])
    func exact(size: Int) throws {
        var options = PaperVaultFormatTests.fastOptions(compression: false)
        options.paddingLength = 255
        let document = VaultDocument(title: "estimate", contents: PaperVaultFormatTests.randomBytes(size, seed: 8))
        let estimate = PaperVault.estimatedPages(document, options: options, limit: 50)
        let backup = try PaperVault.backup(document, password: "p", options: options)
        #expect(estimate == backup.plan.pageCount)
        #expect(estimate == (backup.payloads.count + 5) / 6)
        // With less padding, never more pages than estimated.
        options.paddingLength = 0
        #expect(try PaperVault.backup(document, password: "p", options: options).plan.pageCount <= estimate)
    }

    @Test("a compressible document over the limit is estimated from a fast compression, not its raw size")
    func compressible() throws {
        let text = String(repeating: "The quick brown fox jumps over the lazy dog, again and again. ", count: 6_000)
        let document = VaultDocument(title: "text", text: text)
        var plain = PaperVaultFormatTests.fastOptions(compression: false)
        plain.paddingLength = 255
        let raw = PaperVault.estimatedPages(document, options: plain, limit: 1)
        #expect(raw >= 30)
        let options = PaperVaultFormatTests.fastOptions()
        let estimate = PaperVault.estimatedPages(document, options: options, limit: 1)
        #expect(estimate < raw)
        #expect(try PaperVault.backup(document, password: "p", options: options).plan.pageCount <= estimate)
    }
}
