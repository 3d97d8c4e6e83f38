import Foundation
import SeqrTestSupport
import Testing

@Suite("seqr shc")
struct SHCCLITests {
    /// An ES256 issuer key made by `seqr jws keygen`: the PEM file, its JWK, and a JWK set naming https://issuer.example.
    static func issuer(in directory: TemporaryDirectory) throws -> (key: String, jwk: String, jwks: String) {
        let key = directory.file("issuer.pem")
        #expect(try SeqrBinary.run("jws", "keygen", "--alg", "ES256", "-o", key, "--jwk").status == 0)
        let jwk = try String(contentsOfFile: directory.file("issuer.jwk.json"), encoding: .utf8)
        let jwks = try directory.write(Data("{\"iss\":\"https://issuer.example\",\"keys\":[\(jwk)]}".utf8), to: "jwks.json")
        return (key, jwk, jwks)
    }

    @Test("issue a chunked card, verify its QR images in any order; wrong issuer keys and missing chunks refused, the failed step first")
    func verify() throws {
        let directory = try TemporaryDirectory()
        let (key, jwk, jwks) = try Self.issuer(in: directory)
        let bundle = try directory.write(Data(#"""
        {"resourceType":"Bundle","type":"collection","entry":[
         {"fullUrl":"resource:0","resource":{"resourceType":"Patient","name":[{"family":"Doe","given":["Jane"]}],"birthDate":"1980-02-03"}},
         {"fullUrl":"resource:1","resource":{"resourceType":"Immunization","status":"completed","vaccineCode":{"coding":[{"system":"http://hl7.org/fhir/sid/cvx","code":"208"}]},"patient":{"reference":"resource:0"},"occurrenceDateTime":"2021-04-05"}}]}
        """#.utf8), to: "bundle.json")
        let card = directory.file("card.png")
        #expect(try SeqrBinary.run("shc", "issue", "--key", key, "--issuer", "https://issuer.example", bundle, "--chunks", "2", "-o", card).status == 0)
        let parts = [directory.file("card-2.png"), directory.file("card-1.png")]
        let verified = try SeqrBinary.run(["shc", "verify", "--jwks", jwks] + parts)
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(verified.stdoutText.contains("patient:    Jane Doe") && verified.stdoutText.contains("2021-04-05  CVX 208"))

        let missing = try SeqrBinary.run("shc", "verify", "--jwks", jwks, parts[0])
        #expect(missing.status == 65 && missing.errorLines == ["seqr: failed at encoding: missing 1 of 2 chunks: 1"], "\(missing.stderr)")

        // A saved jwks.json has no "iss": without --issuer it cannot say whose keys it holds.
        let bare = try directory.write(Data("{\"keys\":[\(jwk)]}".utf8), to: "bare.json")
        let unpinned = try SeqrBinary.run(["shc", "verify", "--jwks", bare] + parts)
        // A missing --issuer is the command line's to fix: 64, as docs/cli.md's table says (issue 45).
        #expect(unpinned.status == 64 && unpinned.errorLines.count == 1 && unpinned.stderr.contains("--jwks needs --issuer"), "\(unpinned.stderr)")
        #expect(try SeqrBinary.run(["shc", "verify", "--jwks", bare, "--issuer", "https://issuer.example"] + parts).status == 0)
        // The issuer's own key signing a card that claims another issuer: refused, and that name is not shown as verified.
        let claimsOther = directory.file("ministry.png")
        #expect(try SeqrBinary.run("shc", "issue", "--key", key, "--issuer", "https://ministry.example", bundle, "-o", claimsOther).status == 0)
        let spoofed = try SeqrBinary.run("shc", "verify", "--jwks", bare, "--issuer", "https://issuer.example", claimsOther)
        #expect(spoofed.status == 65 && spoofed.stdoutText.isEmpty && spoofed.errorLines == ["seqr: failed at issuer: issuer https://ministry.example is not the trusted one"])
        let conflicting = try SeqrBinary.run(["shc", "verify", "--jwks", jwks, "--issuer", "https://ministry.example"] + parts)
        #expect(conflicting.status == 65 && conflicting.stderr.contains("belongs to issuer https://issuer.example"))

        // One 25×25 code claiming a hundred million chunks is answered at once.
        let bomb = directory.file("bomb.png")
        #expect(try SeqrBinary.run("encode", "--text", "shc:/1/100000000/56", "-o", bomb).status == 0)
        let refusedBomb = try SeqrBinary.run("shc", "verify", "--jwks", jwks, bomb)
        #expect(refusedBomb.status == 65 && refusedBomb.stderr.contains("seqr: failed at encoding: a chunk claims the card has 100000000 chunks; health cards have at most 16"), "\(refusedBomb.stderr)")

        let other = directory.file("other.pem")
        _ = try SeqrBinary.run("jws", "keygen", "--alg", "ES256", "-o", other, "--jwk")
        let otherJWK = try String(contentsOfFile: directory.file("other.jwk.json"), encoding: .utf8)
        let wrong = try directory.write(Data("{\"keys\":[\(otherJWK)]}".utf8), to: "wrong.json")
        let refused = try SeqrBinary.run(["shc", "verify", "--jwks", wrong, "--issuer", "https://issuer.example"] + parts)
        #expect(refused.status == 65 && refused.stderr.contains("seqr: failed at key id: no trusted key has kid"))

    }

    @Test("keygen --jwk --issuer writes the JWK set verify --jwks reads; a file of shc:/ texts verifies; a damaged text says \"damaged card\"")
    func textFilesAndKeySets() throws {
        let directory = try TemporaryDirectory()
        let key = directory.file("issuer.pem")
        let made = try SeqrBinary.run("jws", "keygen", "--alg", "ES256", "-o", key, "--jwk", "--issuer", "https://issuer.example")
        #expect(made.status == 0 && made.stderr.contains("issuer.jwks.json"), "\(made.stderr)")
        let jwks = directory.file("issuer.jwks.json")
        let set = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: jwks))) as? [String: Any]
        #expect(set?["iss"] as? String == "https://issuer.example" && (set?["keys"] as? [[String: Any]])?.first?["alg"] as? String == "ES256")
        let bundle = try directory.write(Data(#"{"resourceType":"Bundle","type":"collection","entry":[{"fullUrl":"resource:0","resource":{"resourceType":"Patient","name":[{"family":"Roe","given":["Rae"]}]}}]}"#.utf8), to: "bundle.json")
        #expect(try SeqrBinary.run("shc", "issue", "--key", key, "--issuer", "https://issuer.example", bundle, "--chunks", "2", "-o", directory.file("card.png")).status == 0)
        let fromPictures = try SeqrBinary.run("shc", "verify", "--jwks", jwks, directory.file("card-1.png"), directory.file("card-2.png"))
        #expect(fromPictures.status == 0 && fromPictures.stdoutText.contains("patient:    Rae Roe"), "\(fromPictures.stderr)")

        // The cards' texts as a phone's scanner app copies them, one per line, in any order.
        var texts: [String] = []
        for index in [2, 1] {
            let decoded = try SeqrBinary.run("decode", "--json", directory.file("card-\(index).png"))
            let codes = (try JSONSerialization.jsonObject(with: decoded.stdout) as? [[String: Any]])?.first?["codes"] as? [[String: Any]]
            texts.append(try #require(codes?.first?["text"] as? String, "\(decoded.stdoutText)"))
        }
        let file = try directory.write(Data((texts.joined(separator: "\n") + "\n").utf8), to: "card.txt")
        let fromText = try SeqrBinary.run("shc", "verify", "--jwks", jwks, file)
        #expect(fromText.status == 0 && fromText.stdoutText.contains("patient:    Rae Roe"), "\(fromText.stderr)")

        // Damage as printing, scanning or copying does it: a digit pair out of range, a digit changed, a digit lost.
        let text = texts[1], digits = text.index(text.startIndex, offsetBy: 11)  // "shc:/1/2/" and one pair
        let outOfRange = text.replacingCharacters(in: digits..<text.index(digits, offsetBy: 2), with: "99")
        let middle = text.index(text.startIndex, offsetBy: text.count / 2)
        let changed = text.replacingCharacters(in: middle...middle, with: text[middle] == "1" ? "2" : "1")
        let lost = String(text.dropLast())
        for damaged in [outOfRange, changed, lost] {
            let broken = try directory.write(Data((damaged + "\n" + texts[0] + "\n").utf8), to: "broken.txt")
            let refused = try SeqrBinary.run("shc", "verify", "--jwks", jwks, broken)
            #expect(refused.status == 65 && refused.stdoutText.isEmpty && refused.errorLines.count == 1 && refused.stderr.contains("damaged card"), "\(refused.stderr)")
            let asArgument = try SeqrBinary.run("shc", "verify", "--jwks", jwks, damaged, texts[0])
            #expect(asArgument.status == 65 && asArgument.stderr.contains("damaged card"), "\(asArgument.stderr)")
        }
    }

    @Test("verify shows every string of a card escaped: a newline cannot forge a dose line, escapes cannot overwrite the issuer; JSON keeps them exact")
    func hostileStrings() throws {
        let directory = try TemporaryDirectory()
        let (key, _, jwks) = try Self.issuer(in: directory)
        // No Immunization at all: the family name carries a forged dose line, the birth date a cursor-up and erase.
        let family = "Doe\n  dose 1:     2021-04-05  CVX 208"
        let bundleObject: [String: Any] = ["resourceType": "Bundle", "type": "collection", "entry": [
            ["fullUrl": "resource:0", "resource": ["resourceType": "Patient", "name": [["family": family, "given": ["Jane"]]],
                                                   "birthDate": "1980\u{1B}[1A\u{1B}[2K\r\u{202E}"]]]]
        let bundle = try directory.write(try JSONSerialization.data(withJSONObject: bundleObject), to: "bundle.json")
        let card = directory.file("card.png")
        #expect(try SeqrBinary.run("shc", "issue", "--key", key, "--issuer", "https://issuer.example", bundle, "-o", card).status == 0)
        let verified = try SeqrBinary.run("shc", "verify", "--jwks", jwks, card)
        #expect(verified.status == 0, "\(verified.stderr)")
        let lines = verified.stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!lines.contains { $0.hasPrefix("  dose") }, "\(verified.stdoutText)")
        #expect(lines.contains("  patient:    Jane Doe\\u{A}  dose 1:     2021-04-05  CVX 208"), "\(verified.stdoutText)")
        #expect(lines.contains("  born:       1980\\u{1B}[1A\\u{1B}[2K\\u{D}\\u{202E}"), "\(verified.stdoutText)")
        #expect(!verified.stdoutText.contains("\u{1B}") && !verified.stdoutText.contains("\r"))
        let json = try SeqrBinary.run("shc", "verify", "--jwks", jwks, card, "--json")
        let report = try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any]
        #expect(report?["patient"] as? String == "Jane \(family)")
    }
}
