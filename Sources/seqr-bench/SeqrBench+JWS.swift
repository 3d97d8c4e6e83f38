import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCore

extension SeqrBench {
    struct JWS: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "jws",
            abstract: "JWS sign and verify per second for every algorithm, beside `openssl speed` for the same primitive.",
            discussion: """
            Seqr's figures are whole compact JWS operations (header, base64url, signature) on a \
            200-byte payload, in this process; openssl's are the bare primitive (for RSA it measures \
            PKCS#1 v1.5, so the PS rows compare against that too).
            """
        )

        @Option(help: "Seconds to spend on each measurement.")
        var seconds: Double = 1

        @Flag(help: "Print the results as JSON.")
        var json = false

        @Flag(name: .customLong("skip-openssl"), help: "Do not run openssl speed (its columns stay empty).")
        var skipOpenSSL = false

        struct Row: Encodable {
            let algorithm: String
            let seqrSignPerSecond: Double
            let seqrVerifyPerSecond: Double
            let opensslPrimitive: String
            let opensslSignPerSecond: Double?
            let opensslVerifyPerSecond: Double?
        }

        static let primitives: [JWSAlgorithm: (name: String, speedArgument: String, linePrefix: String)] = [
            .RS256: ("rsa 2048", "rsa2048", "rsa 2048 bits"), .PS256: ("rsa 2048", "rsa2048", "rsa 2048 bits"),
            .RS384: ("rsa 3072", "rsa3072", "rsa 3072 bits"), .PS384: ("rsa 3072", "rsa3072", "rsa 3072 bits"),
            .RS512: ("rsa 4096", "rsa4096", "rsa 4096 bits"), .PS512: ("rsa 4096", "rsa4096", "rsa 4096 bits"),
            .ES256: ("ecdsa nistp256", "ecdsap256", "256 bits ecdsa"), .ES384: ("ecdsa nistp384", "ecdsap384", "384 bits ecdsa"),
            .ES512: ("ecdsa nistp521", "ecdsap521", "521 bits ecdsa"), .EdDSA: ("Ed25519", "ed25519", "253 bits EdDSA"),
        ]

        func run() throws {
            let payload = Data((0..<200).map { UInt8(truncatingIfNeeded: $0) })
            var rows: [Row] = []
            let openssl = skipOpenSSL ? [:] : try opensslSpeeds()
            for algorithm in JWSAlgorithm.allCases {
                StandardStreams.warn("jws: \(algorithm.rawValue)")
                let key = try JWSSigningKey.generate(algorithm)
                let token = try CompactJWS.sign(payload, with: key)
                let verifier = key.verificationKey
                let signRate = try rate { _ = try CompactJWS.sign(payload, with: key) }
                let verifyRate = try rate { _ = try CompactJWS.verify(token, with: verifier) }
                let primitive = Self.primitives[algorithm]!
                let theirs = openssl[primitive.linePrefix]
                rows.append(Row(algorithm: algorithm.rawValue, seqrSignPerSecond: signRate, seqrVerifyPerSecond: verifyRate,
                                opensslPrimitive: primitive.name, opensslSignPerSecond: theirs?.0, opensslVerifyPerSecond: theirs?.1))
            }
            if json {
                try JSONOutput.print(rows)
                return
            }
            func f(_ value: Double?) -> String { value.map { String(format: "%.0f", $0) } ?? "–" }
            var lines = ["| alg | seqr sign/s | seqr verify/s | openssl primitive | openssl sign/s | openssl verify/s |",
                         "| --- | ---: | ---: | --- | ---: | ---: |"]
            for r in rows {
                lines.append("| \(r.algorithm) | \(f(r.seqrSignPerSecond)) | \(f(r.seqrVerifyPerSecond)) | \(r.opensslPrimitive) | \(f(r.opensslSignPerSecond)) | \(f(r.opensslVerifyPerSecond)) |")
            }
            StandardStreams.print(lines.joined(separator: "\n"))
        }

        /// Operations per second of `body`, run for about `seconds`.
        private func rate(_ body: () throws -> Void) throws -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            let deadline = start + UInt64(seconds * 1e9)
            var count = 0
            repeat {
                try body()
                count += 1
            } while DispatchTime.now().uptimeNanoseconds < deadline
            return Double(count) / (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }

        /// `openssl speed` in the same run, parsed into sign/s and verify/s by result line.
        private func opensslSpeeds() throws -> [String: (Double, Double)] {
            guard let openssl = ProcessRunner.which("openssl") else {
                StandardStreams.warn("openssl not found; its column stays empty")
                return [:]
            }
            StandardStreams.warn("openssl speed (about \(Int(seconds * 14)) s)")
            let arguments = Array(Set(Self.primitives.values.map(\.speedArgument))).sorted()
            let outputPath = NSTemporaryDirectory() + "seqr-openssl-speed-\(getpid())"
            defer { try? FileManager.default.removeItem(atPath: outputPath) }
            let result = try ProcessRunner.run(openssl, ["speed", "-seconds", String(max(1, Int(seconds)))] + arguments, outputPath: outputPath)
            var speeds: [String: (Double, Double)] = [:]
            for line in String(decoding: result.output, as: UTF8.self).split(separator: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard let prefix = Self.primitives.values.map(\.linePrefix).first(where: { trimmed.hasPrefix($0) }) else { continue }
                let numbers = trimmed.split(separator: " ").compactMap { Double($0) }
                if numbers.count >= 2 { speeds[prefix] = (numbers[numbers.count - 2], numbers[numbers.count - 1]) }
            }
            return speeds
        }
    }
}
