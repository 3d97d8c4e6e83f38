import ArgumentParser
import SeqrCLISupport

/// Benchmarks and the generated photo corpus, kept out of the shipped `seqr` (which then links
/// neither the corpus generator nor the benchmarks' code); they run `seqr` as a whole process.
@main
struct SeqrBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seqr-bench",
        abstract: "Measure Seqr against reference tools on this machine, and write the photo corpus.",
        discussion: """
        Runs the `seqr` built beside it (or $SEQR_BIN, or the first on PATH). Figures in docs/benchmarks.md.

          seqr-bench qr
          seqr-bench corpus -o photos --per-class 2 --verify
        """,
        version: "0.1.0",
        subcommands: [QR.self, Vault.self, JWS.self, Corpus.self, SecondOpinion.self]
    )

    static func main() {
        mainWithOneLineErrors()
    }
}
