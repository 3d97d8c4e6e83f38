import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import SeqrCore

/// The live feed of a share (`GET /v1/location/feed/{id}/events`, Server-Sent Events): what
/// followers use instead of polling ``feed(shareID:after:)``. No token is sent.
extension ServerClient {
    /// Opens the live feed, resuming after fix `after` (sent as `Last-Event-ID`). Throws before
    /// returning when the stream cannot be opened — the server refuses (404, 410, 429) or has no
    /// live feed, or cannot be reached — so a caller can fall back to polling. The events are then read
    /// from the connection as the caller asks for them (`LiveFeedReader`); the sequence ends after an
    /// `end` event or when the connection closes. It throws ``ServerClientError/unreachable(_:)`` when the
    /// connection breaks, and ``ServerClientError/badResponse(_:)`` for a malformed or oversized event.
    public func liveFeed(shareID: String, after: Int = 0) async throws -> AsyncThrowingStream<LocationAPI.StreamEvent, Error> {
        try Self.checkTransport(server, allowsInsecureHTTP: allowsInsecureHTTP)
        var request = HTTPClientRequest(url: server + "/v1/location/feed/\(shareID)/events?after=\(after)")
        request.headers.add(name: "Accept", value: "text/event-stream")
        if after > 0 { request.headers.add(name: "Last-Event-ID", value: String(after)) }
        let response: HTTPClientResponse
        do {
            // A stream has no end to wait for: the deadline is far off; the connection's own failures end it.
            response = try await Self.httpClient.execute(request, deadline: .distantFuture)
        } catch {
            // A refused certificate is said as such, as for every other request (ServerClient.send).
            if CertificateProblem.isCertificateFailure(error) {
                throw ServerClientError.certificate(server, await CertificateProblem.explain(error, server: server))
            }
            throw ServerClientError.unreachable(server)
        }
        let status = Int(response.status.code)
        guard status == 200 else {
            let data = Data(buffer: (try? await response.body.collect(upTo: 64 * 1024)) ?? ByteBuffer())
            if let error = try? JSONDecoder().decode(NotesAPI.ErrorBody.self, from: data) {
                throw ServerClientError.server(status: status, code: error.error, message: error.message)
            }
            throw ServerClientError.server(status: status, code: "http_\(status)", message: "HTTP \(status)")
        }
        guard response.headers.first(name: "Content-Type")?.lowercased().hasPrefix("text/event-stream") == true else {
            throw ServerClientError.badResponse("the live feed is not an event stream")
        }
        // Read only as the caller asks: a server cannot make the client hold more than one chunk's
        // events and one partial event (the parser's caps), however fast it sends; TCP holds back the rest.
        let reader = LiveFeedReader(body: response.body, server: server)
        return AsyncThrowingStream(unfolding: { try await reader.next() })
    }
}
