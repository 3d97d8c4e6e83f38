import Foundation
import SeqrTestSupport
import Testing

/// Issue 47 (hardening): the native libraries Seqr links or loads are at least at the versions of
/// Debian's security archive that scripts/security-minimums names (libbrotli1 1.0.9-2+b6 lacked the
/// decoder fix of 1.0.9-2+deb12u1); scripts/setup brings them there.
@Suite("system libraries at their security updates")
struct SystemLibraryVersionTests {
    static let minimums = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/security-minimums")

    @Test("every installed package in scripts/security-minimums is at least its version (dpkg's comparison)")
    func installedVersionsMeetMinimums() throws {
        let lines = try String(contentsOf: Self.minimums, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let rows = lines.map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(rows.contains { $0.first == "libbrotli1" && $0.dropFirst().first == "1.0.9-2+deb12u1" })
        let dpkgQuery = try ExternalTool.named("dpkg-query"), dpkg = try ExternalTool.named("dpkg")
        for row in rows {
            try #require(row.count >= 2, "\(row)")
            let (package, minimum) = (row[0], row[1])
            let query = try dpkgQuery.run(["-W", "-f=${Version}", package])
            // Not installed: not linked here (the optional image codecs are loaded only when present).
            guard query.status == 0, !query.stdoutText.isEmpty else { continue }
            let installed = query.stdoutText
            #expect(try dpkg.run(["--compare-versions", installed, "ge", minimum]).status == 0,
                    "\(package) is \(installed), below \(minimum): run scripts/setup")
        }
        // libbrotli1 is linked by every seqr: it must be installed, not skipped.
        #expect(try dpkgQuery.run(["-W", "-f=${Version}", "libbrotli1"]).status == 0)
    }
}
