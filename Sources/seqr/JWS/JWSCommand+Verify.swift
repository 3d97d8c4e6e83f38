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
            Exit 0 and the verified payload (JSON pretty-printed), or one line saying why not, the failed \
            step first ("failed at signature: …"), and the status docs/cli.md names (65 for a token that \
            does not verify). \
            exp and nbf claims, when present, must hold. --key takes the key as SAP's mobile services \
            cockpit hands it out, or in any other common encoding: PEM, DER (SPKI or PKCS#1), the bare \
            base64 of that DER, or a JWK. With --onboarding, a verified flat payload (authType, \
            oauth.0.clientID, …, host, port) is printed as the onboarding configuration the SDK builds.

            Example: seqr jws verify onboarding.png --key cockpit-public.der --onboarding
            """
        )

        @Option(help: "The trusted public key: PEM, DER (SPKI or PKCS#1), base64 of DER, or a JWK.")
        var key: String?

        @Option(help: "A JWK set of trusted keys, chosen by the token's kid.")
        var jwks: String?

        @Option(help: "The algorithm the key is trusted for (default: the key's own).")
        var alg: JWSAlgorithm?

        @Argument(help: "A QR picture (any format seqr decode reads; - for standard input), a compact JWS, or a URL containing jws=.")
        var input: String

        @OptionGroup var pictureLimit: PictureLimitOptions
        @Flag(help: "Print JSON: algorithm, kid and the payload (parsed when JSON, else base64).")
        var json = false

        @Flag(name: .customLong("ignore-time"), help: "Do not check exp and nbf.")
        var ignoreTime = false

        @Flag(help: "Print the verified flat payload as the SDK's onboarding configuration (real JSON: no value can change its structure).")
        var onboarding = false

        func validate() throws {
            if (key == nil) == (jwks == nil) { throw ValidationError("give exactly one of --key and --jwks") }
        }

        func run() throws {
            let token = try Self.token(from: input, pixelLimit: pictureLimit.maxPixels)
            let verified: CompactJWS.Verified
            if let key {
                guard let data = FileManager.default.contents(atPath: key) else { throw CLIError("\(key): cannot read the key file", status: .noInput) }
                let trusted: JWSVerificationKey
                do {
                    trusted = try JWSVerificationKey(keyFile: data, algorithm: alg)
                } catch {
                    throw CLIError("\(key): \(error)")
                }
                verified = try Self.naming { () throws(JWSError) in try CompactJWS.verify(token, with: trusted) }
            } else {
                let trusted = try JWKSet(json: Data(readText(jwks!, what: "JWK set").utf8))
                verified = try Self.naming { () throws(JWSError) in try CompactJWS.verify(token, with: trusted) }
            }
            if !ignoreTime { try Self.naming { () throws(JWSError) in try JWSClaims.check(verified.payload) } }
            if onboarding {
                // Only now, after the signature held, is anything of the payload printed.
                let configuration = try OnboardingConfiguration(flatPayload: verified.payload)
                StandardStreams.print(String(decoding: configuration.json(), as: UTF8.self))
                StandardStreams.warn("signature valid (\(verified.algorithm.rawValue)\(verified.keyID.map { ", kid \($0)" } ?? ""))")
                return
            }
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

        /// Runs a step of verifying the token; a refusal names the step in the error line, as the web app's
        /// scanner does ("failed at signature: …"), with the status a bad input has (65).
        static func naming<T>(_ step: () throws(JWSError) -> T) throws -> T {
            do throws(JWSError) {
                return try step()
            } catch {
                guard let failed = error.step else { throw error }
                throw CLIError("failed at \(failed.rawValue): \(error)")
            }
        }

        /// The token in an image file, a URL, or the argument itself.
        static func token(from input: String, pixelLimit: Int = ImageCodec.defaultPixelLimit) throws -> String {
            var text = input
            if PictureInput.isPicture(input) {
                let symbols = try PictureInput.symbols(in: input, pixelLimit: pixelLimit)
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
