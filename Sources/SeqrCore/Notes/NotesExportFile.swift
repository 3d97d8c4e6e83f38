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
public enum NotesExportFile {
    public static let magic = Array("SQNX".utf8)
    public static let version: UInt8 = 1

    public struct Entry: Codable, Sendable, Equatable {
        public var title: String
        public var info: String
        public var format: NoteFormat
        public init(title: String, info: String, format: NoteFormat) {
            self.title = title
            self.info = info
            self.format = format
        }
    }

    public struct Contents: Codable, Sendable, Equatable {
        public var username: String
        public var exported: Date
        public var notes: [Entry]
        public init(username: String, exported: Date, notes: [Entry]) {
            self.username = username
            self.exported = exported
            self.notes = notes
        }
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case notAnExport
        case unsupportedVersion(UInt8)
        case truncated
        case badIterations(UInt32)
        case wrongPasswordOrDamaged
        case malformedContents

        public var description: String {
            switch self {
            case .notAnExport: return "not a Seqr notes export (no SQNX header)"
            case .unsupportedVersion(let v): return "notes export of version \(v); this seqr reads version 1"
            case .truncated: return "the notes export is truncated"
            case .badIterations(let n): return "the notes export asks for \(n) PBKDF2 iterations, outside 1,000…50,000,000"
            case .wrongPasswordOrDamaged: return "wrong password, or the export file was changed"
            case .malformedContents: return "the export decrypted but its contents are not Seqr notes"
            }
        }
    }

    public static func seal(_ contents: Contents, password: String, iterations: UInt32 = UInt32(AccountKDFParameters.defaultIterations)) throws -> Data {
        let salt = randomBytes(16)
        var header = Data(magic + [version])
        withUnsafeBytes(of: iterations.bigEndian) { header.append(contentsOf: $0) }
        header.append(salt)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let box = try ChaChaPoly.seal(try encoder.encode(contents), using: try passwordKey(password, salt: salt, iterations: Int(iterations)), authenticating: header)
        return header + box.combined
    }

    public static func open(_ data: Data, password: String) throws -> Contents {
        let bytes = Array(data)
        guard bytes.count >= 4, Array(bytes[0..<4]) == magic else { throw Failure.notAnExport }
        guard bytes.count >= 5 else { throw Failure.truncated }
        guard bytes[4] == version else { throw Failure.unsupportedVersion(bytes[4]) }
        guard bytes.count >= 25 + 12 + 16 else { throw Failure.truncated }
        let iterations = bytes[5..<9].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard (1_000...50_000_000).contains(iterations) else { throw Failure.badIterations(iterations) }
        let plaintext: Data
        do {
            let box = try ChaChaPoly.SealedBox(combined: Data(bytes[25...]))
            plaintext = try ChaChaPoly.open(box, using: try passwordKey(password, salt: bytes[9..<25], iterations: Int(iterations)),
                                            authenticating: Data(bytes[0..<25]))
        } catch {
            throw Failure.wrongPasswordOrDamaged
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let contents = try? decoder.decode(Contents.self, from: plaintext) else { throw Failure.malformedContents }
        return contents
    }
}
