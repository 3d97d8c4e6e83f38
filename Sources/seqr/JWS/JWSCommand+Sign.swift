import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCore
import SeqrQR

extension JWSCommand {
    struct Sign: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sign",
            abstract: "Sign a payload (usually JSON) into a compact JWS, as a QR code or printed.",
            discussion: """
            Examples:
              seqr jws sign --key key.pem onboarding.json -o code.png
              seqr jws sign --key key.pem --url https://mobile.example.com/onboard onboarding.json --print
            """
        )

        @Option(help: "The private key (PEM: PKCS#8, SEC1 or PKCS#1).")
        var key: String

        @Option(help: "The algorithm (default: the key's own; RSA by size as 2048 → RS256, 3072 → RS384, 4096 → RS512).")
        var alg: JWSAlgorithm?

        @Option(help: "A key id to put in the header (default: the key's RFC 7638 thumbprint).")
        var kid: String?

        @Option(help: "Emit URL?jws=<token> instead of the bare token.")
        var url: String?

        @Argument(help: "The payload file ('-' for standard input).")
        var payload: String

        @Option(name: .shortAndLong, help: "Write the QR code here (.png, .svg or .pdf).")
        var output: String?

        @Flag(name: .customLong("print"), help: "Print the token (or URL) instead of writing a QR code.")
        var printToken = false

        @Option(name: .customLong("ec"), help: "QR error correction: L, M, Q or H.")
        var errorCorrection: QRErrorCorrectionLevel = .M

        func validate() throws {
            if output == nil && !printToken { throw ValidationError("give -o FILE for a QR code, or --print") }
            if output == "-" && printToken { throw ValidationError("-o - and --print both write standard output: give one") }
        }

        func run() throws {
            if let output { try FileWriter.checkWritable(output) }
            let pem = try readText(key, what: "key")
            var signer = try JWSSigningKey(pem: pem, algorithm: alg)
            signer.keyID = kid ?? JWK.publicJWK(signer.verificationKey.material)["kid"]
            let body = payload == "-" ? StandardStreams.readAllInput() : try ImageFile.readBytes(payload)
            if url != nil, (try? JSONSerialization.jsonObject(with: body)) == nil {
                throw CLIError("with --url the payload must be JSON")
            }
            let token = try CompactJWS.sign(body, with: signer)
            let text = url.map { JWSURL.make(base: $0, token: token) } ?? token
            if printToken { StandardStreams.print(text) }
            if let output {
                let symbol = try QREncoder.encode(Data(text.utf8), options: QREncodingOptions(errorCorrection: errorCorrection))
                try writeSymbol(symbol, to: output)
                StandardStreams.warn("wrote \(output): \(signer.algorithm.rawValue), \(text.utf8.count) characters, QR version \(symbol.version)")
            }
        }
    }
}
