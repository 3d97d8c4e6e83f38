import Foundation

/// The fields of clientDataJSON (WebAuthn Level 3 §5.8.1) a relying party checks. The JSON is
/// parsed as JSON (not matched as text); the browser wrote it, so anything else in it is ignored.
struct CollectedClientData: Decodable {
    /// clientDataJSON longer than this is refused before parsing.
    static let maximumLength = 4096

    var type: String
    var challenge: String
    var origin: String
    var crossOrigin: Bool?

    init(parsing json: Data) throws(WebAuthnError) {
        guard json.count <= Self.maximumLength, let decoded = try? JSONDecoder().decode(Self.self, from: json) else { throw .malformedClientData }
        self = decoded
    }
}
