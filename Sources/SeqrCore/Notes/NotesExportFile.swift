import Crypto
import Foundation

/// `seqr notes export` files: the user's own notes, decrypted from the server and sealed again
/// under a key from the password (docs/formats/notes.md):
///
/// | offset | size | field |
/// | --- | --- | --- |
/// | 0 | 4 | magic `SQNX` |
/// | 4 | 1 | version, 1 |
/// | 5 | 4 | PBKDF2-HMAC-SHA256 iterations, UInt32 BE |
/// | 9 | 16 | salt |
/// | 25 | 12 | nonce |
/// | 37 | n | ChaCha20-Poly1305 ciphertext of the JSON ``Contents`` |
/// | 37 + n | 16 | tag |
///
/// The associated data is the 25-byte header, so iterations and salt cannot be changed unseen.
package enum NotesExportFile {
    package static let magic = Array("SQNX".utf8)
    package static let version: UInt8 = 1

    package struct Entry: Codable, Sendable, Equatable {
        package var title: String
        package var info: String
        package var format: NoteFormat
        /// The note's id in the account it was exported from (absent in files written before it was
        /// kept): an import into an account that still holds that note skips it.
        package var id: UUID?
        package init(title: String, info: String, format: NoteFormat, id: UUID? = nil) {
            self.title = title
            self.info = info
            self.format = format
            self.id = id
        }
    }

    package struct Contents: Codable, Sendable, Equatable {
        package var username: String
        package var exported: Date
        package var notes: [Entry]
        package init(username: String, exported: Date, notes: [Entry]) {
            self.username = username
            self.exported = exported
            self.notes = notes
        }
    }

    package static func seal(_ contents: Contents, password: String, iterations: UInt32 = UInt32(PasswordKDF.recommendedIterations)) -> Data {
        let salt = SecureRandom.bytes(16)
        var header = Data(magic + [version])
        withUnsafeBytes(of: iterations.bigEndian) { header.append(contentsOf: $0) }
        header.append(contentsOf: salt)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        // Plain Codable values with ISO 8601 dates always encode.
        let json = try! encoder.encode(contents)
        let key = PasswordKDF.pbkdf2SHA256(password, .nfc, salt: salt, iterations: Int(iterations))
        return header + AEAD.chaChaPoly.seal(json, key: key, authenticating: header)
    }

    package static func open(_ data: Data, password: String) throws(NotesError) -> Contents {
        let bytes = Array(data)
        guard bytes.count >= 4, Array(bytes[0..<4]) == magic else { throw .notAnExport }
        guard bytes.count >= 5 else { throw .truncatedExport }
        guard bytes[4] == version else { throw .unsupportedExportVersion(bytes[4]) }
        guard bytes.count >= 25 + AEAD.overhead else { throw .truncatedExport }
        let iterations = bytes[5..<9].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard (1_000...50_000_000).contains(iterations) else { throw .badExportIterations(iterations) }
        let key = PasswordKDF.pbkdf2SHA256(password, .nfc, salt: bytes[9..<25], iterations: Int(iterations))
        guard let plaintext = AEAD.chaChaPoly.open(bytes[25...], key: key, authenticating: bytes[0..<25]) else {
            throw .exportWrongPasswordOrDamaged
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let contents = try? decoder.decode(Contents.self, from: plaintext) else { throw .malformedExportContents }
        return contents
    }
}
