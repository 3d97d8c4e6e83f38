import AsyncHTTPClient
import NIOCore
import SeqrCore

/// Reads a live feed's events from the response body one chunk at a time, when asked. Used from one
/// task at a time (an `AsyncThrowingStream(unfolding:)` calls it for each `next()` in turn).
final class LiveFeedReader: @unchecked Sendable {
    /// The response body; dropped when the feed ends or fails, which closes the connection.
    private var chunks: HTTPClientResponse.Body.AsyncIterator?
    private var parser = ServerSentEventParser()
    private var pending: [ServerSentEventParser.Event] = []
    private var nextPending = 0
    private let server: String

    init(body: HTTPClientResponse.Body, server: String) {
        chunks = body.makeAsyncIterator()
        self.server = server
    }

    /// The next event, nil once the feed ended (an `end` event, or the connection closed); throws when
    /// the server sends something malformed or too large, or the connection breaks.
    func next() async throws -> LocationAPI.StreamEvent? {
        while let body = chunks {
            while nextPending < pending.count {
                let event = pending[nextPending]
                nextPending += 1
                let decoded: LocationAPI.StreamEvent?
                do { decoded = try LiveFeedEvent.decode(event) } catch {
                    chunks = nil
                    throw error
                }
                guard let decoded else { continue }
                if case .end = decoded { chunks = nil }
                return decoded
            }
            var iterator = body
            let chunk: ByteBuffer?
            do {
                chunk = try await iterator.next()
            } catch {
                chunks = nil
                throw Task.isCancelled ? CancellationError() : ServerClientError.unreachable(server)
            }
            guard let chunk else { break }
            chunks = iterator
            do {
                pending = try parser.feed(chunk.readableBytesView)
                nextPending = 0
            } catch {
                chunks = nil
                throw error
            }
        }
        chunks = nil
        return nil
    }
}
