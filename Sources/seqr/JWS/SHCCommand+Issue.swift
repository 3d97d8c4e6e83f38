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

        func run() throws {
            var signer = try JWSSigningKey(pem: readText(key, what: "key"), algorithm: .ES256)
            signer.keyID = JWK.publicJWK(signer.verificationKey.material)["kid"]
            let token = try SmartHealthCard.issue(bundle: ImageFile.readBytes(bundle), issuer: issuer, notBefore: Date(), key: signer)
            let contents = SmartHealthCard.qrContents(jws: token, chunks: max(1, chunks))
            for (index, text) in contents.enumerated() {
                let path = contents.count == 1 ? output : output.replacingOccurrences(of: ".png", with: "-\(index + 1).png")
                try FileWriter.write(QREncoder.encode(text: text, options: QREncodingOptions(errorCorrection: .L)).pngData(), to: path)
                StandardStreams.warn("wrote \(path)")
            }
        }
    }
}
