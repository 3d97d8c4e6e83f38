import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCore

extension JWSCommand {
    struct Keygen: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "keygen",
            abstract: "Make a signing key: private PEM (PKCS#8), public PEM (SPKI) and, with --jwk, a public JWK and a JWK set.",
            discussion: """
            Writes OUT (private, mode 600), OUT with .pub.pem instead of .pem, and with --jwk OUT with .jwk.json \
            (the key, for `jws verify --key`) and OUT with .jwks.json (a JWK set holding it, for `jws verify --jwks` \
            and `shc verify --jwks`; with --issuer it names its issuer as "iss").

            Example: seqr jws keygen --alg ES256 -o issuer.pem --jwk --issuer https://issuer.example
            """
        )

        @Option(help: "Algorithm: \(JWSAlgorithm.allCases.map(\.rawValue).joined(separator: ", ")).")
        var alg: JWSAlgorithm = .ES256

        @Option(name: .shortAndLong, help: "The private key file, ending in .pem.")
        var output: String

        @Flag(help: "Also write the public key as a JWK (with its RFC 7638 thumbprint as kid), and a JWK set holding it.")
        var jwk = false

        @Option(help: "With --jwk: the issuer (iss) the JWK set belongs to, as `shc verify --jwks` reads it.")
        var issuer: String?

        @Flag(help: "Overwrite existing files.")
        var force = false

        func validate() throws {
            guard output.hasSuffix(".pem") else { throw ValidationError("-o must end in .pem") }
            if issuer != nil && !jwk { throw ValidationError("--issuer goes with --jwk") }
        }

        func run() throws {
            let base = String(output.dropLast(4))
            let publicPath = base + ".pub.pem", jwkPath = base + ".jwk.json", jwksPath = base + ".jwks.json"
            for path in [output, publicPath] + (jwk ? [jwkPath, jwksPath] : []) where !force && FileManager.default.fileExists(atPath: path) {
                throw CLIError("\(path) exists; use --force to overwrite it", status: .cannotCreate)
            }
            let key = try JWSSigningKey.generate(alg)
            try FileWriter.write(Data(key.pemRepresentation.utf8), to: output, mode: .ownerOnly, overwrite: force)
            try FileWriter.write(Data(key.verificationKey.material.pemRepresentation.utf8), to: publicPath)
            var written = [output, publicPath]
            if jwk {
                let object = JWK.publicJWK(key.verificationKey.material, algorithm: alg)
                try FileWriter.write(JSONOutput.encode(jsonObject: object), to: jwkPath)
                var set: [String: Any] = ["keys": [object]]
                set["iss"] = issuer
                try FileWriter.write(JSONOutput.encode(jsonObject: set), to: jwksPath)
                written += [jwkPath, jwksPath]
            }
            StandardStreams.warn("\(alg.rawValue) key: wrote \(written.joined(separator: ", "))")
        }
    }
}

import SeqrQR
