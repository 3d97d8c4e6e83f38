import Foundation
import SeqrTestSupport
import Testing

/// A URL message is something a subscriber opens: only web links are posted as such, and a
/// message carrying any other scheme is flagged when scanned, never shown as a plain link.
@Suite("seqr URL messages and their schemes")
struct MessageLinkCLITests {
    @Test("post refuses javascript: and data: URLs in one line unless allowed; the subscriber's scan flags them, in text and JSON")
    func schemes() throws {
        let directory = try TemporaryDirectory()
        let channel = try SubscribedChannel(in: directory)
        let alice = channel.alice, bob = channel.bob

        for url in ["javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,<script>alert(1)</script>", "mailto:a@example.org"] {
            let refused = try SeqrBinary.run("post", "Garden", "--url", url, "-o", directory.file("bad.png"), "--store", alice)
            #expect(refused.status != 0 && refused.errorLines.count == 1 && refused.stderr.contains("scheme"), "\(url): \(refused.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("bad.png")))

        let web = try SeqrBinary.run("post", "Garden", "--url", "https://example.org/", "-o", directory.file("web.png"), "--store", alice)
        #expect(web.status == 0, "\(web.stderr)")
        let allowed = try SeqrBinary.run("post", "Garden", "--url", "javascript:alert(1)", "--allow-scheme", "javascript", "-o", directory.file("js.png"), "--store", alice)
        #expect(allowed.status == 0, "\(allowed.stderr)")

        let shown = try SeqrBinary.run("scan", directory.file("js.png"), "--store", bob)
        #expect(shown.status == 0 && shown.stdoutText.contains("NOT A WEB LINK") && shown.stdoutText.contains("\"javascript\""), "\(shown.stdoutText)")
        #expect(!shown.stdoutText.contains("not checked"), "\(shown.stdoutText)")
        let json = try SeqrBinary.run("scan", directory.file("js.png"), "--json", "--store", bob)
        let finding = (try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])?.first
        #expect(finding?["unsafeScheme"] as? String == "javascript" && finding?["flagged"] as? Bool == true, "\(json.stdoutText)")

        let webJSON = try SeqrBinary.run("scan", directory.file("web.png"), "--json", "--store", bob)
        let webFinding = (try JSONSerialization.jsonObject(with: webJSON.stdout) as? [[String: Any]])?.first
        #expect(webFinding?["unsafeScheme"] == nil && webFinding?["content"] as? String == "https://example.org/", "\(webJSON.stdoutText)")
    }
}
