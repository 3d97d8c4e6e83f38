import Foundation

/// A Parse export of the Onions app's `Onion` class (docs/formats/onions.md): each object's
/// `onionTitle` and `onionInfo` are ``OnionsNoteField`` strings.
public struct OnionsExport: Sendable, Equatable {
    public struct Object: Sendable, Equatable {
        public var objectID: String
        public var title: String
        public var info: String
        public var userID: String?
        public var created: Date?
    }

    /// A note of the export, decrypted.
    public struct Note: Sendable, Equatable, Codable {
        public var objectID: String
        public var title: String
        public var info: String
        public var created: Date?
    }

    public var objects: [Object]

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

    public init(parsing json: Data) throws(NotesError) {
        let wire: Wire
        do {
            wire = try JSONDecoder().decode(Wire.self, from: json)
        } catch {
            throw .malformedOnionsExport("expected JSON {\"results\": [{\"objectId\", \"onionTitle\", \"onionInfo\", …}]}")
        }
        var objects: [Object] = []
        for object in wire.results {
            guard let title = object.onionTitle, let info = object.onionInfo else {
                throw .malformedOnionsExport("object \(DisplayName.escaped(object.objectId)) has no onionTitle or onionInfo")
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
    public func open(password: String) -> [(objectID: String, result: Result<Note, NotesError>)] {
        objects.map { object in
            do throws(NotesError) {
                let note = Note(objectID: object.objectID, title: try OnionsNoteField.open(object.title, password: password),
                                info: try OnionsNoteField.open(object.info, password: password), created: object.created)
                return (object.objectID, .success(note))
            } catch {
                return (object.objectID, .failure(error))
            }
        }
    }
}
