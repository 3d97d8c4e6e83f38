import Crypto
import Foundation

/// A Parse export of the Onions app's `Onion` class (docs/formats/onions.md): each object's
/// `onionTitle` and `onionInfo` are ``OnionsNoteField`` strings.
package struct OnionsExport: Sendable, Equatable {
    package struct Object: Sendable, Equatable {
        package var objectID: String
        package var title: String
        package var info: String
        package var userID: String?
        package var created: Date?
    }

    /// A note of the export, decrypted.
    package struct Note: Sendable, Equatable, Codable {
        package var objectID: String
        package var title: String
        package var info: String
        package var created: Date?

        package init(objectID: String, title: String, info: String, created: Date?) {
            self.objectID = objectID
            self.title = title
            self.info = info
            self.created = created
        }
    }

    package var objects: [Object]

    /// What an import opens, checked before any key is derived (each field costs two PBKDF2 runs of
    /// 10,000 rounds, about 10 ms a note: a 28 MB export took 17 minutes before reporting anything).
    /// Far more notes than anyone keeps in the app, and fields far longer than a note within Seqr's
    /// limits seals to (2,500 characters of info: under 14,000 base64 characters).
    package static let maximumNotes = 10_000
    package static let maximumFieldLength = 16_384
    package static let maximumFileSize = 64 * 1024 * 1024

    private struct Wire: Decodable {
        struct Object: Decodable {
            var objectId: String
            var onionTitle: String?
            var onionInfo: String?
            var userId: String?
            var createdAt: String?
        }
        var results: [Object]
    }

    package init(parsing json: Data) throws(NotesError) {
        guard json.count <= Self.maximumFileSize else {
            throw .onionsExportBeyondLimits("\(json.count.formatted()) bytes, more than \(Self.maximumFileSize.formatted())")
        }
        let wire: Wire
        do {
            wire = try JSONDecoder().decode(Wire.self, from: json)
        } catch {
            throw .malformedOnionsExport("expected JSON {\"results\": [{\"objectId\", \"onionTitle\", \"onionInfo\", …}]}")
        }
        guard wire.results.count <= Self.maximumNotes else {
            throw .onionsExportBeyondLimits("\(wire.results.count.formatted()) notes, more than \(Self.maximumNotes.formatted())")
        }
        var objects: [Object] = []
        for object in wire.results {
            guard let title = object.onionTitle, let info = object.onionInfo else {
                throw .malformedOnionsExport("object \(DisplayName.escaped(object.objectId)) has no onionTitle or onionInfo")
            }
            if let long = [title, info].first(where: { $0.utf8.count > Self.maximumFieldLength }) {
                throw .onionsExportBeyondLimits("object \(DisplayName.escaped(object.objectId)) has a field of \(long.utf8.count.formatted()) characters, more than \(Self.maximumFieldLength.formatted())")
            }
            objects.append(Object(objectID: object.objectId, title: title, info: info, userID: object.userId,
                                  created: object.createdAt.flatMap(Self.parseDate)))
        }
        self.objects = objects
    }

    /// Parse dates: ISO 8601 in UTC, with milliseconds (`2014-03-01T12:34:56.789Z`) or without.
    static func parseDate(_ text: String) -> Date? {
        let withFraction = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return withFraction.date(from: text) ?? ISO8601DateFormatter().date(from: text)
    }

    /// Every note decrypted, or, per object whose fields do not open, why (by object id).
    package func open(password: String) -> [(objectID: String, result: Result<Note, NotesError>)] {
        objects.map { ($0.objectID, Self.open($0, password: password)) }
    }

    /// One object's note, decrypted (its key derivations run here: an importer opens one at a time).
    package static func open(_ object: Object, password: String) -> Result<Note, NotesError> {
        do throws(NotesError) {
            return .success(Note(objectID: object.objectID, title: try OnionsNoteField.open(object.title, password: password),
                                 info: try OnionsNoteField.open(object.info, password: password), created: object.created))
        } catch {
            return .failure(error)
        }
    }

    /// A Parse export the Onions app's class would hold for `notes`, each field sealed with
    /// `password` (``OnionsNoteField``) — the compatibility mode for handing notes back to it.
    /// `userId` is the stretched username, as the app's Parse user was named.
    package static func serialized(_ notes: [Note], password: String, username: String) -> Data {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let results: [[String: String]] = notes.map { note in
            let created = formatter.string(from: note.created ?? Date())
            return ["objectId": note.objectID, "onionTitle": OnionsNoteField.seal(note.title, password: password),
                    "onionInfo": OnionsNoteField.seal(note.info, password: password), "userId": stretchedCredential(username),
                    "createdAt": created, "updatedAt": created]
        }
        // Dictionaries of strings always serialise.
        return try! JSONSerialization.data(withJSONObject: ["results": results], options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
    }

    /// The app's `stretchedCredentialString`: SHA-256 applied 15,000 times (the first round
    /// over the UTF-8 bytes, each next over the previous raw digest), then base64. The app named
    /// its Parse users this way; Seqr accounts do not use it (docs/formats/onions.md).
    package static func stretchedCredential(_ text: String) -> String {
        var digest = Data(SHA256.hash(data: Data(text.utf8)))
        for _ in 1..<15_000 { digest = Data(SHA256.hash(data: digest)) }
        return digest.base64EncodedString()
    }
}
