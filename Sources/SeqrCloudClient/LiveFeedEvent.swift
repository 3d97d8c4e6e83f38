import Foundation
import SeqrCore

/// One Server-Sent Event of a live feed as the client understands it (docs/formats/location.md):
/// `share`, `fix` and `end` carry JSON; an event of another name comes from a newer server and is
/// skipped (`nil`), so that servers can add events without breaking older followers.
enum LiveFeedEvent {
    static func decode(_ event: ServerSentEventParser.Event) throws(ServerClientError) -> LocationAPI.StreamEvent? {
        let data = Data(event.data.utf8)
        switch event.name {
        case "share": return .share(try decode(LocationAPI.StreamShare.self, data))
        case "fix": return .fix(try decode(LocationAPI.FeedFix.self, data))
        case "end": return .end(try decode(LocationAPI.StreamEnd.self, data))
        default: return nil
        }
    }

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    private static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws(ServerClientError) -> T {
        do {
            return try decoder.decode(T.self, from: data)
        } catch {
            throw .badResponse("a live-feed event that is not \(T.self)")
        }
    }
}
