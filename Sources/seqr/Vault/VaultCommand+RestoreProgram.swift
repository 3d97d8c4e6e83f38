import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCore

extension VaultCommand {
    struct RestoreProgram: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "restore-program",
            abstract: "Print the Python program that restores a backup without Seqr (the one on a backup's last pages).",
            discussion: """
            The same program, byte for byte, as the one printed on the last pages of every backup; \
            its SHA-256 is printed there too. It needs Python 3 with the cryptography and brotli \
            modules, and zbarimg to read the codes; its first lines say how to run it.
              seqr vault restore-program -o seqr-restore.py
            """
        )

        @Option(name: .shortAndLong, help: "Write the program to this file ('-' or nothing: standard output).")
        var output: String = "-"

        @Flag(help: "Overwrite the output file if it exists.")
        var force = false

        func run() throws {
            let program = Data(VaultRestoreProgram.source.utf8)
            if output == "-" {
                StandardStreams.write(program)
            } else {
                try FileWriter.write(program, to: output, overwrite: force)
                StandardStreams.warn("wrote \(output) (SHA-256 \(VaultRestoreProgram.sha256))")
            }
        }
    }
}
