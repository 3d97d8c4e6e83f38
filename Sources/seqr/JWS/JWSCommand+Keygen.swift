import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCore

extension JWSCommand {
    struct Keygen: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "keygen",
            abstract: "Make a signing key: private PEM (PKCS#8), public PEM (SPKI) and, with --jwk, a public JWK.",
            discussion: "Writes OUT (private, mode 600), OUT with .pub.pem instead of .pem, and with --jwk OUT with .jwk.json."
        )

        @Option(help: "Algorithm: \(JWSAlgorithm.allCases.map(\.rawValue).joined(separator: ", ")).")
        var alg: JWSAlgorithm = .ES256

        @Option(name: .shortAndLong, help: "The private key file, ending in .pem.")
        var output: String

        @Flag(help: "Also write the public key as a JWK (with its RFC 7638 thumbprint as kid).")
        var jwk = false

        @Flag(help: "Overwrite existing files.")
        var force = false

        func validate() throws {
            guard output.hasSuffix(".pem") else { throw ValidationError("-o must end in .pem") }
        }

        func run() throws {
            let base = String(output.dropLast(4))
            let publicPath = base + ".pub.pem", jwkPath = base + ".jwk.json"
            for path in [output, publicPath] + (jwk ? [jwkPath] : []) where !force && FileManager.default.fileExists(atPath: path) {
                throw CLIError("\(path) exists; use --force to overwrite it", status: .cannotCreate)
            }
            let key = try JWSSigningKey.generate(alg)
            try FileWriter.write(Data(key.pemRepresentation.utf8), to: output, mode: .ownerOnly, overwrite: force)
            try FileWriter.write(Data(key.verificationKey.material.pemRepresentation.utf8), to: publicPath)
            var written = [output, publicPath]
            if jwk {
                let object = JWK.publicJWK(key.verificationKey.material, algorithm: alg)
                try FileWriter.write(JSONOutput.encode(jsonObject: object), to: jwkPath)
                written.append(jwkPath)
            }
            StandardStreams.warn("\(alg.rawValue) key: wrote \(written.joined(separator: ", "))")
        }
    }
}

import SeqrQR
