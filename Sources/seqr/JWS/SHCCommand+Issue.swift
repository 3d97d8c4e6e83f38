import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCore
import SeqrQR

extension SHCCommand {
    struct Issue: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "issue",
            abstract: "Issue a card from a FHIR bundle (for testing verifiers; real cards come from real issuers)."
        )

        @Option(help: "The issuer's ES256 private key (PEM).")
        var key: String

        @Option(help: "The issuer URL (iss).")
        var issuer: String

        @Argument(help: "The FHIR bundle (JSON).")
        var bundle: String

        @Option(help: "Split into this many chunked QR codes.")
        var chunks = 1

        @Option(name: .shortAndLong, help: "PNG file; with chunks, NAME-1.png, NAME-2.png, …")
        var output: String

        @Flag(help: "Overwrite the output files if they exist.")
        var force = false

        func run() throws {
            var signer = try JWSSigningKey(pem: readText(key, what: "key"), algorithm: .ES256)
            signer.keyID = JWK.publicJWK(signer.verificationKey.material)["kid"]
            let token = try SmartHealthCard.issue(bundle: ImageFile.readBytes(bundle), issuer: issuer, notBefore: Date(), key: signer)
            let contents = SmartHealthCard.qrContents(jws: token, chunks: max(1, chunks))
            let paths = contents.indices.map { contents.count == 1 ? output : output.replacingOccurrences(of: ".png", with: "-\($0 + 1).png") }
            for path in paths { try FileWriter.checkWritable(path, replacing: force) }
            for (path, text) in zip(paths, contents) {
                try FileWriter.write(QREncoder.encode(text: text, options: QREncodingOptions(errorCorrection: .L)).pngData(), to: path, overwrite: force)
                StandardStreams.warn("wrote \(path)")
            }
        }
    }
}
