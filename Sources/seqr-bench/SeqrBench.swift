import ArgumentParser

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure Seqr against reference tools on this machine.",
        subcommands: [QRBenchCommand.self, VaultBenchCommand.self, JWSBenchCommand.self, CorpusCommand.self]
    )
}
