import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCore
import SeqrQR

extension SHCCommand {
    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Verify a card from QR images, shc:/ texts or files of them (chunks in any order) and summarise it.",
            discussion: """
            The issuer's keys come from --jwks (the issuer's .well-known/jwks.json, saved) with \
            --issuer naming whose keys they are (or an "iss" member in the file), or --trusted, a \
            directory of such files, each with an "iss" member. A card is accepted only if its "iss" \
            is the issuer those keys belong to. `seqr jws keygen --jwk --issuer URL` writes such a file. \
            Exit 0 with the issuer, date and summary; else one line, the failed step first ("failed at \
            issuer: …"; a card whose text does not decode says "damaged card"), and the status docs/cli.md names.

            Example: seqr shc verify card-1.png card-2.png --jwks jwks.json --issuer https://spec.smarthealth.cards/examples/issuer
            """
        )

        @Argument(help: "QR pictures (any format seqr decode reads), shc:/ texts, or text files holding them (one per line); a chunked card needs all its chunks.")
        var inputs: [String]

        @Option(help: "The issuer's JWK set; needs --issuer unless the file has an \"iss\" member.")
        var jwks: String?

        @Option(help: "A directory of trusted issuers' JWK sets (each with an \"iss\" member).")
        var trusted: String?

        @Option(help: "The issuer (iss) the keys belong to; a card claiming another issuer is refused.")
        var issuer: String?

        @OptionGroup var pictureLimit: PictureLimitOptions
        @Flag(help: "Print JSON: issuer, dates, summary and the full FHIR bundle.")
        var json = false

        func validate() throws {
            if (jwks == nil) == (trusted == nil) { throw ValidationError("give exactly one of --jwks and --trusted") }
        }

        func run() throws {
            var contents: [String] = []
            for input in inputs {
                if let texts = try Self.cardTexts(inFile: input) {
                    contents += texts
                } else if PictureInput.isPicture(input) {
                    let symbols = try PictureInput.symbols(in: input, decoder: QRDecoder(thorough: true), pixelLimit: pictureLimit.maxPixels)
                    let texts = symbols.compactMap { String(data: $0.payload, encoding: .utf8) }.filter { $0.lowercased().hasPrefix("shc:/") }
                    guard !texts.isEmpty else { throw CLIError("\(input): no shc:/ QR code found") }
                    contents += texts
                } else if input.lowercased().hasPrefix("shc:/") {
                    contents.append(input)
                } else {
                    // Neither a file nor a card's text: a missing picture is named, even if the others would do.
                    throw CLIError("\(input): no such file (and not an shc:/ text)", status: .noInput)
                }
            }
            let card: SmartHealthCard
            do {
                let token = try SmartHealthCard.jws(fromQRContents: contents)
                if let jwks {
                    let data = Data(try readText(jwks, what: "JWK set").utf8)
                    card = try SmartHealthCard.verify(jws: token, keys: JWKSet(json: data), trustedIssuer: Self.issuer(of: data, given: issuer))
                } else {
                    card = try Self.verifyWithTrustedIssuers(token, directory: trusted!, issuer: issuer)
                }
            } catch let error as SmartHealthCardError {
                throw Self.explained(error)
            }
            let summary = card.summary
            if json {
                var report: [String: Any] = ["issuer": card.issuer, "issuedAt": card.notBefore.formatted(.iso8601), "types": card.types]
                report["patient"] = summary.patient
                report["birthDate"] = summary.birthDate
                report["immunizations"] = summary.immunizations.map { ["date": $0.date as Any, "vaccineCodes": $0.vaccineCodes, "performer": $0.performer as Any, "lotNumber": $0.lotNumber as Any] }
                report["fhirBundle"] = try JSONSerialization.jsonObject(with: card.bundle)
                try JSONOutput.print(jsonObject: report)
            } else {
                // Every string below is the signer's: escaped as channel names are, so a newline cannot
                // forge a "dose" line and an escape sequence cannot overwrite the issuer (JSON keeps them exact).
                let shown = DisplayName.escaped
                StandardStreams.print("Verified SMART Health Card")
                StandardStreams.print("  issuer:     \(shown(card.issuer))")
                StandardStreams.print("  issued:     \(card.notBefore.formatted(.iso8601))")
                StandardStreams.print("  patient:    \(summary.patient.map(shown) ?? "(none)")")
                StandardStreams.print("  born:       \(summary.birthDate.map(shown) ?? "(unknown)")")
                for (index, shot) in summary.immunizations.enumerated() {
                    let details = [shot.vaccineCodes.joined(separator: ", "), shot.performer, shot.lotNumber.map { "lot \($0)" }].compactMap { $0 }.joined(separator: "; ")
                    StandardStreams.print("  dose \(index + 1):     \(shot.date.map(shown) ?? "(no date)")  \(shown(details))")
                }
            }
        }

        /// The card texts in a file that holds `shc:/…` text (one per line, chunks in any order); nil
        /// for any other file (a picture) or no file at all.
        static func cardTexts(inFile path: String) throws -> [String]? {
            guard path != "-", FileManager.default.fileExists(atPath: path),
                  let handle = FileHandle(forReadingAtPath: path) else { return nil }
            defer { try? handle.close() }
            // The first bytes decide; a card is a few kilobytes, a picture is left to the picture reader.
            guard let head = try? handle.read(upToCount: 64),
                  String(decoding: head, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).lowercased().hasPrefix("shc:/") else { return nil }
            let rest = (try? handle.read(upToCount: maximumTextFileBytes)) ?? Data()
            guard head.count + rest.count < maximumTextFileBytes else {
                throw CLIError("\(path): larger than a card's text can be (\(maximumTextFileBytes / 1024) KiB)")
            }
            guard let text = String(data: head + rest, encoding: .utf8) else { throw CLIError("\(path): damaged card (not UTF-8 text)") }
            return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }

        /// A card's text file: at most 16 chunks of a JWS, which real cards keep to a few kilobytes.
        static let maximumTextFileBytes = 256 * 1024

        /// A card whose text does not decode, fit together or inflate was damaged (in printing, scanning
        /// or copying): said in those words; a bad signature may be damage too, or a forgery.
        /// The line starts with the step that failed ("failed at issuer: …"), as the web app's scanner says it.
        static func explained(_ error: SmartHealthCardError) -> Error {
            let failed = "failed at \(error.step.rawValue): "
            switch error {
            case .invalidNumericEncoding, .inconsistentChunks, .notCompressed, .decompressionFailed, .invalidPayload,
                 .signature(.malformed), .signature(.invalidHeader):
                return CLIError(failed + "damaged card: \(error)")
            case .signature(.invalidSignature):
                return CLIError(failed + "damaged card, or a forgery: the signature does not verify (the text was altered, or another key signed it)")
            default:
                return CLIError(failed + "\(error)")
            }
        }

        /// Whose keys a --jwks file holds: --issuer, or the file's own "iss"; both must agree if both are given.
        /// Without either, any key in the set could vouch for any claimed issuer.
        static func issuer(of data: Data, given: String?) throws -> String {
            switch (given, pinnedIssuer(data)) {
            case (nil, nil):
                throw CLIError("--jwks needs --issuer: the JWK set does not say whose keys it holds (no \"iss\" member)", status: .usage)
            case let (given?, pinned?) where given != pinned:
                throw CLIError("the JWK set belongs to issuer \(pinned), not \(given)")
            case let (given?, _): return given
            case let (nil, pinned?): return pinned
            }
        }

        /// A JWK set may name its issuer ("iss"), which then pins it.
        static func pinnedIssuer(_ data: Data) -> String? {
            ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any])?["iss"] as? String
        }

        static func verifyWithTrustedIssuers(_ token: String, directory: String, issuer: String?) throws -> SmartHealthCard {
            let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
            var lastError: Error = SmartHealthCardError.untrustedIssuer("(no trusted issuer matched)")
            for file in files {
                let data = Data(try readText(directory + "/" + file, what: "JWK set").utf8)
                guard let iss = pinnedIssuer(data), issuer == nil || issuer == iss else { continue }
                do {
                    return try SmartHealthCard.verify(jws: token, keys: JWKSet(json: data), trustedIssuer: iss)
                } catch {
                    lastError = error
                }
            }
            throw lastError
        }
    }
}
