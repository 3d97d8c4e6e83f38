import Foundation

/// Why a SMART Health Card was not accepted.
public enum SmartHealthCardError: Error, Equatable, Sendable, CustomStringConvertible {
    case notAHealthCard
    case invalidNumericEncoding
    case inconsistentChunks(String)
    /// `count` chunks are missing; `first` lists at most ``SmartHealthCard/listedMissingChunks`` of them.
    case missingChunks(count: Int, first: [Int], total: Int)
    /// More chunks claimed than any card has, or than inputs were given.
    case tooManyChunks(claimed: Int, limit: Int)
    case signature(JWSError)
    case notCompressed
    case decompressionFailed
    case invalidPayload(String)
    case untrustedIssuer(String)
    case notYetValid(Date)
    case expired(Date)
    case unsuitableKey(String)

    public var description: String {
        switch self {
        case .notAHealthCard: "not a SMART Health Card (no shc:/ prefix)"
        case .invalidNumericEncoding: "invalid shc:/ numeric encoding"
        case .inconsistentChunks(let detail): "the card's chunks do not fit together: \(detail)"
        case let .missingChunks(count, first, total):
            "missing \(count) of \(total) chunks: \(first.map(String.init).joined(separator: ", "))\(count > first.count ? ", …" : "")"
        case let .tooManyChunks(claimed, limit):
            "a chunk claims the card has \(claimed) chunks; health cards have at most \(limit)"
        case .signature(let error): error.description
        case .notCompressed: "the card's payload is not DEFLATE-compressed (zip \"DEF\")"
        case .decompressionFailed: "the card's payload does not inflate"
        case .invalidPayload(let detail): "invalid card payload: \(detail)"
        case .untrustedIssuer(let iss): "issuer \(DisplayName.escaped(iss)) is not the trusted one"
        case .notYetValid(let date): "the card is not valid before \(date.formatted(.iso8601))"
        case .expired(let date): "the card expired at \(date.formatted(.iso8601))"
        case .unsuitableKey(let detail): "the issuer key is not usable for health cards: \(detail)"
        }
    }
}

/// SMART Health Cards (smarthealth.cards): a compact JWS, ES256 with the issuer's P-256 key,
/// whose payload is raw-DEFLATE-compressed JSON carrying a FHIR bundle, put in QR codes as
/// `shc:/` followed by two digits per character (its code minus 45), optionally in chunks
/// `shc:/i/n/…` scanned in any order.
public struct SmartHealthCard: Sendable {
    /// The issuer (`iss`), equal to the trusted issuer the card was verified against.
    public let issuer: String
    /// When the card was issued (`nbf`).
    public let notBefore: Date
    /// The verifiable credential's types (`vc.type`).
    public let types: [String]
    /// The FHIR bundle, as JSON.
    public let bundle: Data
    /// The `kid` of the issuer key that signed it.
    public let keyID: String?

    // MARK: QR contents

    /// The most chunks a card may claim. The spec splits a JWS into ⌈length / 1191⌉ chunks
    /// and real cards have one to three; a claimed count is never used to size anything
    /// before it is checked against this.
    public static let maximumChunks = 16
    /// How many missing chunk numbers an error lists.
    public static let listedMissingChunks = 8

    /// The JWS in one or more scanned QR texts (chunks in any order, duplicates tolerated).
    ///
    /// Memory is bounded by the inputs (one entry per chunk given) and time by
    /// ``maximumChunks``, never by what a chunk claims: a single code that says
    /// `shc:/1/100000000/…` is refused at once (``SmartHealthCardError/tooManyChunks(claimed:limit:)``).
    public static func jws(fromQRContents contents: [String]) throws(SmartHealthCardError) -> String {
        var chunks: [Int: String] = [:]
        var total: Int?
        for raw in contents {
            let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            guard text.lowercased().hasPrefix("shc:/") else { throw .notAHealthCard }
            let parts = text.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false)
            let (index, count, digits): (Int, Int, Substring)
            switch parts.count {
            case 1: (index, count, digits) = (1, 1, parts[0])
            case 3:
                // Digits only (Int() would take "+7…"), and short enough to parse; the total is capped below.
                guard [parts[0], parts[1]].allSatisfy({ (1...18).contains($0.utf8.count) && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
                      let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else {
                    throw .inconsistentChunks("bad chunk numbers in \(text.prefix(16))…")
                }
                guard n <= maximumChunks else { throw .tooManyChunks(claimed: n, limit: maximumChunks) }
                (index, count, digits) = (i, n, parts[2])
            default: throw .invalidNumericEncoding
            }
            if let total, total != count { throw .inconsistentChunks("one chunk says \(count) in all, another \(total)") }
            total = count
            let decoded = try decodeNumeric(digits)
            if let existing = chunks[index], existing != decoded { throw .inconsistentChunks("two different chunks numbered \(index)") }
            chunks[index] = decoded
        }
        guard let total else { throw .notAHealthCard }
        // total ≤ maximumChunks here, so this walk is short.
        let missing = (1...total).filter { chunks[$0] == nil }
        guard missing.isEmpty else {
            throw .missingChunks(count: missing.count, first: Array(missing.prefix(listedMissingChunks)), total: total)
        }
        return (1...total).map { chunks[$0]! }.joined()
    }

    /// The QR texts for a JWS: one `shc:/…`, or `chunks` of `shc:/i/n/…`.
    public static func qrContents(jws: String, chunks: Int = 1) -> [String] {
        let digits = Array(jws.unicodeScalars.map { String(format: "%02d", Int($0.value) - 45) }.joined())
        guard chunks > 1 else { return ["shc:/" + String(digits)] }
        let perChunk = (jws.unicodeScalars.count + chunks - 1) / chunks * 2
        return (0..<chunks).map { i in
            "shc:/\(i + 1)/\(chunks)/" + String(digits[min(i * perChunk, digits.count)..<min((i + 1) * perChunk, digits.count)])
        }
    }

    static func decodeNumeric(_ digits: Substring) throws(SmartHealthCardError) -> String {
        let bytes = Array(digits.utf8)
        guard bytes.count % 2 == 0, bytes.allSatisfy({ (0x30...0x39).contains($0) }) else { throw .invalidNumericEncoding }
        var scalars = String.UnicodeScalarView()
        for i in stride(from: 0, to: bytes.count, by: 2) {
            let value = Int(bytes[i] - 0x30) * 10 + Int(bytes[i + 1] - 0x30)
            guard value <= 77 else { throw .invalidNumericEncoding }  // 45 + 77 = "z"
            scalars.append(UnicodeScalar(UInt8(value + 45)))
        }
        return String(scalars)
    }

    // MARK: Verification

    /// Verifies a card's JWS with the issuer keys in `keys` (by `kid`): ES256 with an EC P-256
    /// key whose `use`, if given, is `sig`; payload inflated; `nbf` not in the future; and
    /// `iss` equal to `trustedIssuer`.
    ///
    /// The issuer is required because a JWK set does not say whose it is (a saved
    /// `.well-known/jwks.json` has no `iss`): without it, any key in the set could vouch for a
    /// card claiming any issuer, and that claimed name would be shown as verified.
    public static func verify(jws: String, keys: JWKSet, trustedIssuer: String, now: Date = Date()) throws(SmartHealthCardError) -> SmartHealthCard {
        let verified: CompactJWS.Verified
        do {
            let parts = try CompactJWS.split(jws)
            let key = try keys.key(for: parts.keyID)
            guard key.algorithm == .ES256, case .p256 = key.material else {
                throw SmartHealthCardError.unsuitableKey("health cards use ES256 with an EC P-256 key")
            }
            verified = try CompactJWS.verify(parts, with: key)
        } catch let error as SmartHealthCardError {
            throw error
        } catch let error as JWSError {
            throw .signature(error)
        } catch {
            throw .signature(.invalidSignature)
        }
        let header = (try? JSONSerialization.jsonObject(with: verified.header)) as? [String: Any]
        guard header?["zip"] as? String == "DEF" else { throw .notCompressed }
        let json: [UInt8]
        do {
            json = try RawDeflate.decompress([UInt8](verified.payload), limit: 4 * 1024 * 1024)
        } catch {
            throw .decompressionFailed
        }
        guard let payload = (try? JSONSerialization.jsonObject(with: Data(json))) as? [String: Any] else { throw .invalidPayload("not a JSON object") }
        guard let iss = payload["iss"] as? String else { throw .invalidPayload("no iss") }
        guard trustedIssuer == iss else { throw .untrustedIssuer(iss) }
        guard let nbf = (payload["nbf"] as? NSNumber)?.doubleValue else { throw .invalidPayload("no nbf") }
        let notBefore = Date(timeIntervalSince1970: nbf)
        if notBefore.timeIntervalSince(now) > 60 { throw .notYetValid(notBefore) }
        // exp is optional in health cards; when present it must not have passed.
        if let exp = (payload["exp"] as? NSNumber)?.doubleValue, now.timeIntervalSince(Date(timeIntervalSince1970: exp)) > 60 {
            throw .expired(Date(timeIntervalSince1970: exp))
        }
        guard let vc = payload["vc"] as? [String: Any], let subject = vc["credentialSubject"] as? [String: Any],
              let bundle = subject["fhirBundle"] as? [String: Any], bundle["resourceType"] as? String == "Bundle",
              let bundleJSON = try? JSONSerialization.data(withJSONObject: bundle, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            throw .invalidPayload("no vc.credentialSubject.fhirBundle")
        }
        return SmartHealthCard(issuer: iss, notBefore: notBefore, types: vc["type"] as? [String] ?? [], bundle: bundleJSON, keyID: verified.keyID)
    }

    /// Issues a card (for tests and demos): minified payload, raw DEFLATE, ES256, `zip: DEF`.
    package static func issue(bundle: Data, issuer: String, notBefore: Date, expires: Date? = nil, key: JWSSigningKey) throws -> String {
        let bundleObject = try JSONSerialization.jsonObject(with: bundle)
        var payload: [String: Any] = [
            "iss": issuer, "nbf": Int(notBefore.timeIntervalSince1970),
            "vc": ["type": ["https://smarthealth.cards#health-card"],
                   "credentialSubject": ["fhirVersion": "4.0.1", "fhirBundle": bundleObject]],
        ]
        if let expires { payload["exp"] = Int(expires.timeIntervalSince1970) }
        let json = try JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys, .withoutEscapingSlashes])
        return try CompactJWS.sign(Data(try RawDeflate.compress([UInt8](json))), with: key, extraHeader: ["zip": "DEF"])
    }

    // MARK: Summary

    /// One immunization of a card's FHIR bundle, as ``summary`` lists it.
    public struct Immunization: Sendable, Equatable, Codable {
        /// When it was given (`occurrenceDateTime`).
        public let date: String?
        /// The vaccine's codes, as "SYSTEM CODE" ("CVX 207").
        public let vaccineCodes: [String]
        /// Who gave it.
        public let performer: String?
        /// The vaccine lot.
        public let lotNumber: String?
    }

    /// Patient name, birth date and immunizations, read from the bundle.
    public var summary: (patient: String?, birthDate: String?, immunizations: [Immunization]) {
        let object = (try? JSONSerialization.jsonObject(with: bundle)) as? [String: Any]
        let resources = (object?["entry"] as? [[String: Any]] ?? []).compactMap { $0["resource"] as? [String: Any] }
        let patient = resources.first { $0["resourceType"] as? String == "Patient" }
        let name = (patient?["name"] as? [[String: Any]])?.first.map { name -> String in
            ((name["given"] as? [String] ?? []) + [name["family"] as? String].compactMap { $0 }).joined(separator: " ")
        }
        let immunizations = resources.filter { $0["resourceType"] as? String == "Immunization" }.map { resource in
            let codings = (resource["vaccineCode"] as? [String: Any])?["coding"] as? [[String: Any]] ?? []
            return Immunization(
                date: resource["occurrenceDateTime"] as? String,
                vaccineCodes: codings.compactMap { coding in (coding["code"] as? String).map { code in
                    (coding["system"] as? String).map { "\($0 == "http://hl7.org/fhir/sid/cvx" ? "CVX" : $0) \(code)" } ?? code } },
                performer: ((resource["performer"] as? [[String: Any]])?.first?["actor"] as? [String: Any])?["display"] as? String,
                lotNumber: resource["lotNumber"] as? String)
        }
        return (name, patient?["birthDate"] as? String, immunizations)
    }
}
