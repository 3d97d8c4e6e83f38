import Crypto
import Foundation
import SeqrCore
import Testing

@Suite("Password KDF")
struct PasswordKDFTests {
    func hex(_ key: SymmetricKey, prefix: Int = 32) -> String {
        key.withUnsafeBytes { Data($0).prefix(prefix).map { String(format: "%02x", $0) }.joined() }
    }

    @Test("PBKDF2 matches published vectors (RFC 6070 for SHA-1, RFC 7914 §11 style for SHA-256)")
    func vectors() {
        // RFC 6070: P = "password", S = "salt", c = 1 and 4096, dkLen 20 (a 32-byte output starts with it).
        #expect(hex(PasswordKDF.pbkdf2SHA1("password", .asTyped, salt: Array("salt".utf8), iterations: 1), prefix: 20)
                == "0c60c80f961f0e71f3a9b524af6012062fe037a6")
        #expect(hex(PasswordKDF.pbkdf2SHA1("password", .asTyped, salt: Array("salt".utf8), iterations: 4096), prefix: 20)
                == "4b007901b765489abead49d926f721d065a429c1")
        // PBKDF2-HMAC-SHA256, "password", "salt", c = 1, dkLen 32 (the widely published vector).
        #expect(hex(PasswordKDF.pbkdf2SHA256("password", .asTyped, salt: Array("salt".utf8), iterations: 1))
                == "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b")
    }

    @Test("NFC: a decomposed and a precomposed é give one key; as typed they give two")
    func normalization() {
        let decomposed = "caf\u{65}\u{301}", precomposed = "caf\u{e9}"
        let salt = Array("salt-salt-salt-s".utf8)
        #expect(hex(PasswordKDF.pbkdf2SHA256(decomposed, .nfc, salt: salt, iterations: 2))
                == hex(PasswordKDF.pbkdf2SHA256(precomposed, .nfc, salt: salt, iterations: 2)))
        #expect(hex(PasswordKDF.pbkdf2SHA256(decomposed, .asTyped, salt: salt, iterations: 2))
                != hex(PasswordKDF.pbkdf2SHA256(precomposed, .asTyped, salt: salt, iterations: 2)))
    }

    @Test("one floor for everything written: accounts refuse parameters below it")
    func floors() throws {
        #expect(PasswordKDF.minimumIterations == 210_000 && PasswordKDF.recommendedIterations == 600_000)
        #expect(AccountKDFParameters.minimumIterations == PasswordKDF.minimumIterations)
        let weak = AccountKDFParameters(iterations: PasswordKDF.minimumIterations - 1, salt: Data(repeating: 1, count: 16).base64EncodedString())
        #expect(throws: NotesError.weakKDFParameters(iterations: PasswordKDF.minimumIterations - 1, minimum: PasswordKDF.minimumIterations)) {
            try AccountKeys(password: "pw", parameters: weak)
        }
    }
}
