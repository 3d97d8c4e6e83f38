import Crypto
import Foundation
import SeqrCore
import SeqrTestSupport
import Testing

/// RNCryptor v3 against the official test vectors (Tests/Reference/rncryptor-v3, from
/// github.com/RNCryptor/RNCryptor-Spec vectors/v3) and an independent Python implementation.
@Suite("RNCryptor v3")
struct RNCryptorTests {
    static let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Reference")

    /// The vector files: blank-line separated records of `name: value` lines; hex may have spaces.
    static func vectors(_ name: String) throws -> [[String: String]] {
        let text = try String(contentsOf: reference.appendingPathComponent("rncryptor-v3/\(name)"), encoding: .utf8)
        var records: [[String: String]] = [], current: [String: String] = [:]
        for line in text.components(separatedBy: "\n") + [""] {
            if line.hasPrefix("#") { continue }
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                if !current.isEmpty { records.append(current) }
                current = [:]
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { continue }
            current[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return records.filter { $0["version"] == "3" }
    }

    static func hex(_ text: String?) -> [UInt8] {
        let digits = Array((text ?? "").filter(\.isHexDigit))
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! }
    }

    @Test("key derivation vectors")
    func kdf() throws {
        let records = try Self.vectors("kdf")
        #expect(records.count >= 4)
        for record in records {
            let key = try RNCryptorV3.deriveKey(password: record["password"]!, salt: Self.hex(record["salt_hex"]), iterations: 10_000)
            #expect(key.withUnsafeBytes { Array($0) } == Self.hex(record["key_hex"]), "\(record["title"] ?? "")")
        }
    }

    @Test("key-based vectors, both ways")
    func keyBased() throws {
        let records = try Self.vectors("key")
        #expect(records.count >= 3)
        for record in records {
            let encryptionKey = SymmetricKey(data: Self.hex(record["enc_key_hex"]))
            let hmacKey = SymmetricKey(data: Self.hex(record["hmac_key_hex"]))
            let plaintext = Self.hex(record["plaintext_hex"]), expected = Self.hex(record["ciphertext_hex"])
            let message = try RNCryptorV3.encrypt(plaintext, encryptionKey: encryptionKey, hmacKey: hmacKey, iv: Self.hex(record["iv_hex"]))
            #expect(Array(message) == expected, "\(record["title"] ?? "")")
            #expect(Array(try RNCryptorV3.decrypt(expected, encryptionKey: encryptionKey, hmacKey: hmacKey)) == plaintext)
        }
    }

    @Test("password-based vectors, both ways")
    func passwordBased() throws {
        let records = try Self.vectors("password")
        #expect(records.count >= 5)
        for record in records {
            let password = record["password"]!, plaintext = Self.hex(record["plaintext_hex"]), expected = Self.hex(record["ciphertext_hex"])
            let message = try RNCryptorV3.encrypt(plaintext, password: password, iterations: 10_000,
                                                  encryptionSalt: Self.hex(record["enc_salt_hex"]), hmacSalt: Self.hex(record["hmac_salt_hex"]),
                                                  iv: Self.hex(record["iv_hex"]))
            #expect(Array(message) == expected, "\(record["title"] ?? "")")
            #expect(Array(try RNCryptorV3.decrypt(expected, password: password)) == plaintext)
        }
    }

    @Test("tampered, truncated, wrong-password and foreign messages are refused")
    func refusals() throws {
        let message = Array(try RNCryptorV3.encrypt(Data("secret onion".utf8), password: "pw", iterations: 1000))
        #expect(throws: NotesError.rncryptorAuthenticationFailed) { try RNCryptorV3.decrypt(message, password: "other", iterations: 1000) }
        #expect(throws: NotesError.rncryptorAuthenticationFailed) { try RNCryptorV3.decrypt(message, password: "pw", iterations: 1001) }
        for index in stride(from: 2, to: message.count, by: 7) {
            var tampered = message
            tampered[index] ^= 0x01
            #expect(throws: NotesError.rncryptorAuthenticationFailed) { try RNCryptorV3.decrypt(tampered, password: "pw", iterations: 1000) }
        }
        var version2 = message
        version2[0] = 2
        #expect(throws: NotesError.unsupportedRNCryptorVersion(2)) { try RNCryptorV3.decrypt(version2, password: "pw", iterations: 1000) }
        var keyBased = message
        keyBased[1] = 0
        #expect(throws: NotesError.unsupportedRNCryptorOptions(0)) { try RNCryptorV3.decrypt(keyBased, password: "pw", iterations: 1000) }
        for length in [0, 1, 33, 60, message.count - 33] {
            #expect(throws: NotesError.self) { try RNCryptorV3.decrypt(message.prefix(length), password: "pw", iterations: 1000) }
        }
        #expect(throws: NotesError.badRNCryptorIterations(0)) { try RNCryptorV3.decrypt(message, password: "pw", iterations: 0) }
        // Two encryptions of the same text differ (fresh salts and IV).
        #expect(try RNCryptorV3.encrypt(Data("x".utf8), password: "pw", iterations: 1000) != RNCryptorV3.encrypt(Data("x".utf8), password: "pw", iterations: 1000))
    }

    @Test("an independent Python implementation reads Seqr's messages and Seqr reads its")
    func python() throws {
        let script = Self.reference.appendingPathComponent("rncryptor_reference.py").path
        let python = try ExternalTool.named("python3")
        let text = Data("Onion info: ünïcödé ✓, \(String(repeating: "long ", count: 100))".utf8)
        let ours = try RNCryptorV3.encrypt(text, password: "pässword", iterations: 10_000)
        let read = try python.run([script, "decrypt", "pässword", "10000"], stdin: ours)
        #expect(read.status == 0 && read.stdout == text, "\(read.stderr)")
        #expect(try python.run([script, "decrypt", "wrong", "10000"], stdin: ours).status == 2)
        let theirs = try python.run([script, "encrypt", "pässword", "10000"], stdin: text)
        try #require(theirs.status == 0, "\(theirs.stderr)")
        #expect(try RNCryptorV3.decrypt(theirs.stdout, password: "pässword") == text)
    }
}
