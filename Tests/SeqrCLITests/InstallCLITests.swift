import Foundation
import SeqrTestSupport
import Testing

/// `make install PREFIX=…` and `make uninstall` in a temporary prefix, with the binaries built for the tests.
@Suite("make install / uninstall")
struct InstallCLITests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    func make(_ arguments: [String]) throws -> ExternalTool.Outcome {
        try ExternalTool(path: "/usr/bin/make").run(["-C", Self.packageRoot] + arguments)
    }

    @Test("both binaries, man pages from the parser and bash/zsh/fish completions go under PREFIX; uninstall removes them all")
    func installAndUninstall() throws {
        let prefix = try TemporaryDirectory()
        let binaries = URL(fileURLWithPath: SeqrBinary.tool.path).deletingLastPathComponent().path
        let installed = try make(["install", "PREFIX=\(prefix.path)", "BIN_DIR=\(binaries)"])
        try #require(installed.status == 0, "\(installed.stdoutText) \(installed.stderr)")
        var expected: [String] = []
        for program in ["seqr", "seqr-server"] {
            expected += ["bin/\(program)", "share/man/man1/\(program).1", "share/bash-completion/completions/\(program)",
                         "share/zsh/site-functions/_\(program)", "share/fish/vendor_completions.d/\(program).fish"]
        }
        for file in expected {
            let attributes = try? FileManager.default.attributesOfItem(atPath: prefix.file(file))
            #expect((attributes?[.size] as? Int ?? 0) > 0, "\(file) missing or empty")
        }
        #expect(FileManager.default.isExecutableFile(atPath: prefix.file("bin/seqr")))
        // The executables live beside their resource bundles (found beside the real path), linked from bin/.
        for program in ["seqr", "seqr-server"] {
            let link = try? FileManager.default.destinationOfSymbolicLink(atPath: prefix.file("bin/\(program)"))
            #expect(link == "../lib/seqr/\(program)", "bin/\(program) is not a link into lib/seqr")
        }
        let bundles = ["Seqr_SeqrWebApp.resources", "Seqr_SeqrServer.resources", "Seqr_SeqrLocationViewer.resources"]
        for bundle in bundles {
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: prefix.file("lib/seqr/\(bundle)"), isDirectory: &isDirectory) && isDirectory.boolValue,
                    "lib/seqr/\(bundle) missing: the installed server would have no web app")
        }
        #expect(FileManager.default.fileExists(atPath: prefix.file("lib/seqr/Seqr_SeqrWebApp.resources/Resources/index.html")))
        let version = try ExternalTool(path: prefix.file("bin/seqr-server")).run(["--version"])
        #expect(version.status == 0 && !version.stdoutText.isEmpty)

        // The man page is the parser's: every command group and a nested subcommand's option are in it.
        let page = try String(contentsOfFile: prefix.file("share/man/man1/seqr.1"), encoding: .utf8)
        #expect(page.hasPrefix(".TH SEQR 1"))
        for fragment in [".SH SYNOPSIS", ".SH COMMANDS", "seqr vault backup", "seqr notes export", "seqr location follow", "\\-\\-password\\-file", ".SH EXIT STATUS"] {
            #expect(page.contains(fragment), "seqr.1 lacks \(fragment)")
        }
        let serverPage = try String(contentsOfFile: prefix.file("share/man/man1/seqr-server.1"), encoding: .utf8)
        #expect(serverPage.contains("seqr\\-server admin pro") && serverPage.contains("\\-\\-database"))
        // man(1) formats it without a complaint (groff warns on standard error about bad requests).
        if let man = try? ExternalTool(path: "/usr/bin/man").run(["--warnings", "-l", "-Tutf8", prefix.file("share/man/man1/seqr.1")]) {
            #expect(man.status == 0 && !man.stdout.isEmpty && man.stderr.isEmpty, "\(man.stderr)")
        }
        #expect(try String(contentsOfFile: prefix.file("share/bash-completion/completions/seqr"), encoding: .utf8).contains("vault"))
        #expect(try String(contentsOfFile: prefix.file("share/zsh/site-functions/_seqr"), encoding: .utf8).hasPrefix("#compdef seqr"))
        #expect(try String(contentsOfFile: prefix.file("share/fish/vendor_completions.d/seqr.fish"), encoding: .utf8).contains("complete -c 'seqr'"))

        let removed = try make(["uninstall", "PREFIX=\(prefix.path)"])
        #expect(removed.status == 0, "\(removed.stderr)")
        for file in expected { #expect(!FileManager.default.fileExists(atPath: prefix.file(file)), "\(file) left behind") }
        #expect(!FileManager.default.fileExists(atPath: prefix.file("lib/seqr")), "lib/seqr left behind")
    }
}
