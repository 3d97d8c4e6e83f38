import Foundation

/// A note in the clear, as its owner sees it.
public struct NotePlaintext: Sendable, Equatable, Codable {
    /// Onions' limits, in characters.
    public static let titleLimit = 30
    /// The longest body, in characters.
    public static let infoLimit = 2500

    /// The title, 1 to ``titleLimit`` characters.
    public var title: String
    /// The body, up to ``infoLimit`` characters.
    public var info: String

    /// Checks the limits. Called before anything is encrypted.
    public init(title: String, info: String) throws(NotesError) {
        guard !title.isEmpty else { throw .emptyTitle }
        guard title.count <= Self.titleLimit else { throw .titleTooLong(title.count) }
        guard info.count <= Self.infoLimit else { throw .infoTooLong(info.count) }
        self.title = title
        self.info = info
    }
}

extension NotePlaintext {
    /// What was stored is shown as stored, even if written by a client with other limits.
    /// Also for imports of notes that were stored before.
    public init(unchecked title: String, info: String) {
        self.title = title
        self.info = info
    }
}
