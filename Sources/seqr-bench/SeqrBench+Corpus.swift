import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCorpus
import SeqrQR

extension SeqrBench {
    struct Corpus: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "corpus",
            abstract: "Write the generated degraded-photo corpus to a directory, with a manifest.",
            discussion: """
            The same deterministic images the tests and `seqr-bench qr` use: for each distortion \
            class, simulated photos of QR codes and a manifest.json listing each file's payloads \
            (base64). Handy for trying other decoders on the same pictures.
            """
        )

        @Option(name: .shortAndLong, help: "Directory to write into (created if needed).")
        var output: String

        @Option(name: .customLong("per-class"), help: "Images per distortion class.")
        var perClass = 10

        @Option(help: "Only these classes (comma-separated): \(DegradedCorpus.Distortion.allCases.map(\.rawValue).joined(separator: ", ")).")
        var classes: String?

        @Option(help: "Seed; the same seed always gives the same images.")
        var seed: UInt64 = 0x5EC2

        @Flag(help: "Also decode every written file and say, per file, how many of its codes came back exactly.")
        var verify = false

        struct Entry: Encodable {
            let file: String
            let distortion: String
            let payloadsBase64: [String]
        }

        func run() throws {
            var distortions = DegradedCorpus.Distortion.allCases
            if let classes {
                distortions = try classes.split(separator: ",").map { name in
                    guard let d = DegradedCorpus.Distortion(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                        throw CLIError("unknown class '\(name)'; known: \(DegradedCorpus.Distortion.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    return d
                }
            }
            guard (1...1000).contains(perClass) else { throw CLIError("--per-class must be between 1 and 1000") }
            try FileWriter.createDirectory(output)
            let samples = try DegradedCorpus.generate(distortions, perClass: perClass, seed: seed)
            var manifest: [Entry] = []
            for sample in samples {
                try FileWriter.write(sample.fileData, to: URL(fileURLWithPath: output).appendingPathComponent(sample.fileName).path)
                manifest.append(Entry(file: sample.fileName, distortion: sample.distortion.rawValue, payloadsBase64: sample.payloads.map { $0.base64EncodedString() }))
            }
            try FileWriter.write(JSONOutput.encode(manifest), to: URL(fileURLWithPath: output).appendingPathComponent("manifest.json").path)
            StandardStreams.warn("wrote \(samples.count) images and manifest.json to \(output)")
            if verify { try verifyFiles(samples) }
        }

        /// Reads each file back from disk and compares the decoded payloads with the manifest.
        private func verifyFiles(_ samples: [DegradedCorpus.Sample]) throws {
            let decoder = QRDecoder()
            var found = 0, total = 0
            for sample in samples {
                let path = URL(fileURLWithPath: output).appendingPathComponent(sample.fileName).path
                let decoded = try decoder.decode(ImageFile.read(path)).map(\.payload)
                let matched = sample.payloads.filter(decoded.contains).count
                found += matched
                total += sample.payloads.count
                let mark = matched == sample.payloads.count ? "ok  " : "MISS"
                StandardStreams.print("\(mark) \(sample.fileName.padding(toLength: 22, withPad: " ", startingAt: 0)) \(matched)/\(sample.payloads.count) codes exact — \(sample.distortion.summary)")
            }
            StandardStreams.print("\(found) of \(total) codes decoded byte for byte")
            if found < total { throw ExitCode.failure }
        }
    }
}
