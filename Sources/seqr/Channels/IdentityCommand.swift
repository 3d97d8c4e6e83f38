import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCore
import SeqrQR
import SeqrStore

struct IdentityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "id",
        abstract: "Your identity: a signing key (Ed25519 or P-256) and an X25519 key for channel shares.",
        subcommands: [Init.self, Show.self, Export.self, Import.self]
    )
}

extension IdentityCommand {
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "init", abstract: "Create your identity in the local store.")

        @Option(help: "The name others see with your public key.")
        var name: String = NSUserName()

        @Flag(help: "Sign with ECDSA P-256 instead of Ed25519.")
        var p256 = false

        @Flag(name: .customLong("no-passphrase"), help: "Store the private keys unencrypted (not recommended).")
        var noPassphrase = false

        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let store = try storeOptions.open()
            let passphrase = noPassphrase ? nil : try storeOptions.passphrase.readIfGiven(confirm: true)
            if passphrase == nil && !noPassphrase {
                throw CLIError("a passphrase protects your keys at rest: give --passphrase-file, SEQR_PASSPHRASE or type one; or --no-passphrase", status: .usage)
            }
            let identity = try store.createIdentity(name: name, p256: p256, passphrase: passphrase)
            // The fingerprint is the result (others compare it); the rest is status.
            StandardStreams.status("identity \"\(DisplayName.escaped(name))\" created in \(store.path)")
            StandardStreams.print("fingerprint: \(identity.publicIdentity.fingerprint)")
        }
    }
}

extension IdentityCommand {
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show your public-key QR code (for channel owners to scan) and fingerprint; no passphrase needed.")

        @Option(name: .shortAndLong, help: "Write the QR code here (.png, .svg, .pdf) instead of the terminal.")
        var output: String?

        @Flag(help: "Print JSON: name, fingerprint, the code as base64 (codeBase64), and its link with --link or `seqr config link`.")
        var json = false

        @Flag(help: "Overwrite the -o file if it exists.") var force = false
        @OptionGroup var linkOptions: LinkOptions

        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            if let output { try FileWriter.checkWritable(output, replacing: force) }
            let store = try storeOptions.open()
            // Public: shown without the passphrase (the store keeps it in clear).
            let identity = try store.publicIdentity()
            let code = PublicKeyCode.encode(identity)
            let base = try linkOptions.base(in: store)
            // The link is the result to send (a phone opens it in the web app), so it goes to standard output.
            let link = try base.map { try linkText(code, base: $0) }
            if json {
                var object = ["name": identity.name, "fingerprint": identity.fingerprint, "codeBase64": Data(code).base64EncodedString()]
                object["link"] = link
                try JSONOutput.print(object)
            } else if let output {
                try writeCode(code, to: output, overwrite: force, link: base)
                StandardStreams.status("\(identity.fingerprint)  \(DisplayName.escaped(identity.name))  → \(output)")
                if let link, output != FileWriter.standardOutput { StandardStreams.print(link) }
            } else {
                let symbol = try codeSymbol(code, link: base)
                StandardStreams.print(symbol.terminalText(colors: StandardStreams.outputIsTerminal))
                StandardStreams.print("\(identity.fingerprint)  \(DisplayName.escaped(identity.name))")
                if let link { StandardStreams.print(link) }
            }
        }
    }
}
