import Foundation
import Hummingbird

/// JSON request and response bodies, the same way for every service: ISO 8601 dates, sorted
/// keys, a size limit per endpoint, and one clear 400 or 413 when a body is not what it should be.
enum JSONBody {
    static func decode<T: Decodable>(_ type: T.Type, _ request: Request, limit: Int) async throws -> T {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch {
            throw APIError(.contentTooLarge, "too_large", "request body over \(limit) bytes")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let value = try? decoder.decode(T.self, from: Data(buffer: buffer)) else {
            throw APIError.badRequest("malformed JSON body for this endpoint")
        }
        return value
    }

    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws -> Response {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .sortedKeys
        var fields: HTTPFields = [.contentType: "application/json"]
        fields.append(contentsOf: headers)
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }
}
