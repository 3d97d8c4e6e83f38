import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCore
import SeqrQR

extension JWSCommand {
    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Verify a signed QR code, a compact JWS, or a URL with ?jws= / &jws=.",
            discussion: """
            Exit 0 and the verified payload (JSON pretty-printed), or one line saying why not and exit 1. \
            exp and nbf claims, when present, must hold.
            """
        )

        @Option(help: "The trusted public key (PEM: SPKI or PKCS#1).")
        var key: String?

        @Option(help: "A JWK set of trusted keys, chosen by the token's kid.")
        var jwks: String?

        @Option(help: "The algorithm the key is trusted for (default: the key's own).")
        var alg: JWSAlgorithm?

        @Argument(help: "A QR image (PNG/JPEG), a compact JWS, or a URL containing jws=.")
        var input: String

        @Flag(help: "Print JSON: algorithm, kid and the payload (parsed when JSON, else base64).")
        var json = false

        @Flag(name: .customLong("ignore-time"), help: "Do not check exp and nbf.")
        var ignoreTime = false

        func validate() throws {
            if (key == nil) == (jwks == nil) { throw ValidationError("give exactly one of --key and --jwks") }
        }

        func run() throws {
            let token = try Self.token(from: input)
            let verified: CompactJWS.Verified
            if let key {
                verified = try CompactJWS.verify(token, with: JWSVerificationKey(pem: readText(key, what: "key"), algorithm: alg))
            } else {
                verified = try CompactJWS.verify(token, with: JWKSet(json: Data(readText(jwks!, what: "JWK set").utf8)))
            }
            if !ignoreTime { try JWSClaims.check(verified.payload) }
            let parsed = try? JSONSerialization.jsonObject(with: verified.payload, options: [.fragmentsAllowed])
            if json {
                var report: [String: Any] = ["algorithm": verified.algorithm.rawValue, "verified": true]
                report["kid"] = verified.keyID
                report["payload"] = parsed ?? ["base64": verified.payload.base64EncodedString()]
                try JSONOutput.print(jsonObject: report)
            } else if let parsed, JSONSerialization.isValidJSONObject(parsed) {
                try JSONOutput.print(jsonObject: parsed)
            } else {
                StandardStreams.print(PayloadDisplay(verified.payload).line)
            }
            StandardStreams.warn("signature valid (\(verified.algorithm.rawValue)\(verified.keyID.map { ", kid \($0)" } ?? ""))")
        }

        /// The token in an image file, a URL, or the argument itself.
        static func token(from input: String) throws -> String {
            var text = input
            if FileManager.default.fileExists(atPath: input) {
                let symbols = try QRDecoder().decode(ImageFile.read(input))
                guard let first = symbols.first else { throw CLIError("\(input): no QR code found") }
                guard symbols.count == 1 else { throw CLIError("\(input): \(symbols.count) QR codes found; give an image with one") }
                guard let decoded = String(data: first.payload, encoding: .utf8) else { throw CLIError("\(input): the QR code does not hold text") }
                text = decoded
            }
            text = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return JWSURL.extract(from: text) ?? text
        }
    }
}
