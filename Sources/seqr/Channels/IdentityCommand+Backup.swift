import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCore
import SeqrQR
import SeqrStore

// `seqr id export` and `seqr id import`: the identity backup file the web app's "Back up identity"
// and "Restore identity" write and read (docs/formats/identity-backup.md).

extension IdentityCommand {
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write your identity and every channel (owned and subscribed, every epoch) to one file sealed under your passphrase.",
            discussion: """
            The file is the one the web app's "Restore identity" reads (and "Back up identity" writes), \
            so an identity moves between a laptop and a phone either way. It is sealed under the \
            identity's passphrase (--passphrase-file, SEQR_PASSPHRASE or the terminal; for an \
            identity kept without one, a passphrase is asked for the file). Messages read or posted \
            are not in it.

            Example: seqr id export -o alice.seqr-identity
            """)

        @Option(name: .shortAndLong, help: "The backup file to write.") var output: String
        @Option(help: ArgumentHelp("PBKDF2-HMAC-SHA256 iterations, 210,000 to 50,000,000.", valueName: "N"))
        var iterations: UInt32 = UInt32(PasswordKDF.recommendedIterations)
        @Flag(help: "Overwrite the output file if it exists.") var force = false
        @Flag(help: "Print JSON: output, fingerprint, channels, iterations.") var json = false
        @OptionGroup var storeOptions: StoreOptions

        func validate() throws {
            guard SealedIdentityBackup.iterationRange.contains(iterations) else { throw ValidationError("--iterations takes 210000 to 50000000") }
            if json && output == FileWriter.standardOutput { throw ValidationError("--json and -o - both write standard output: choose one") }
        }

        func run() throws {
            try FileWriter.checkWritable(output, replacing: force)
            let store = try storeOptions.open()
            let backup = try store.identityBackup()
            // A sealed identity's passphrase was read (and checked) to unlock it; an identity kept
            // in clear gets a new one for the file, typed twice.
            let passphrase = try storeOptions.passphrase.read(confirm: !(try store.identityIsSealed))
            let file = SealedIdentityBackup.seal(backup, passphrase: passphrase, iterations: iterations)
            try FileWriter.write(Data(file.serialized()), to: output, mode: .ownerOnly, overwrite: force)
            let fingerprint = backup.identity.publicIdentity.fingerprint
            if json {
                return try JSONOutput.print(Report(output: output, fingerprint: fingerprint, channels: backup.channels.count, iterations: Int(iterations)))
            }
            StandardStreams.status("identity \"\(DisplayName.escaped(backup.identity.name))\" and \(backup.channels.count) channel\(backup.channels.count == 1 ? "" : "s") → \(output)")
            if output != FileWriter.standardOutput { StandardStreams.print("fingerprint: \(fingerprint)") }
        }

        struct Report: Encodable { let output: String; let fingerprint: String; let channels: Int; let iterations: Int }
    }
}

extension IdentityCommand {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Restore an identity backup (from `seqr id export` or the web app's \"Back up identity\").",
            discussion: """
            Into a store without an identity, the backup's identity and channels are restored, \
            sealed under the backup's passphrase. Into a store holding the same identity, the \
            channels and epochs it lacks are added. A store holding another identity is refused \
            and left as it is (there is no flag to replace an identity: restore into another --store). \
            A wrong passphrase or a damaged file restores nothing.

            Example: seqr id import alice.seqr-identity
            """)

        @Argument(help: "The backup file (- for standard input).") var file: String
        @Flag(help: "Print JSON: fingerprint, identityRestored, channelsAdded, epochsAdded.") var json = false
        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let data = file == "-" ? StandardStreams.readAllInput() : try ImageFile.readBytes(file)
            // A foreign or truncated file is named before any passphrase is asked.
            let sealed = try SealedIdentityBackup(parsing: Array(data))
            let passphrase = try storeOptions.passphrase.read(confirm: false)
            let backup = try sealed.open(passphrase: passphrase)
            let store = try storeOptions.open()
            let summary = try store.restore(backup, passphrase: passphrase)
            let fingerprint = backup.identity.publicIdentity.fingerprint
            if json {
                return try JSONOutput.print(Report(fingerprint: fingerprint, identityRestored: summary.identityRestored,
                                                   channelsAdded: summary.channelsAdded, epochsAdded: summary.epochsAdded))
            }
            let what = summary.identityRestored ? "identity \"\(DisplayName.escaped(backup.identity.name))\" restored" : "identity already here"
            StandardStreams.status("\(what); \(summary.channelsAdded) channel\(summary.channelsAdded == 1 ? "" : "s") added, \(summary.epochsAdded) epoch\(summary.epochsAdded == 1 ? "" : "s") added to channels held")
            StandardStreams.print("fingerprint: \(fingerprint)")
        }

        struct Report: Encodable { let fingerprint: String; let identityRestored: Bool; let channelsAdded: Int; let epochsAdded: Int }
    }
}
