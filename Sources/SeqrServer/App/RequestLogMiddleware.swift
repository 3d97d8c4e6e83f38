import Foundation
import Hummingbird

/// Logs one line per request: method, route template, status and duration. Never the body,
/// the headers or the concrete path (ids stay out of logs).
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = SeqrRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // Below info there is nothing to time or write: the hot path then skips the clock reads.
        guard context.logger.logLevel <= .info else {
            do {
                return try await next(request, context)
            } catch let error as HTTPResponseError {
                throw error
            } catch {
                context.logger.error("unhandled error", metadata: ["type": "\(type(of: error))"])
                throw APIError(.internalServerError, "internal", "internal error")
            }
        }
        let start = ContinuousClock.now
        func log(_ status: HTTPResponse.Status) {
            let elapsed = ContinuousClock.now - start
            let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            context.logger.info("request", metadata: [
                "method": "\(request.method)", "route": "\(context.endpointPath ?? "unmatched")",
                "status": "\(status.code)", "ms": "\(String(format: "%.2f", ms))",
            ])
        }
        do {
            let response = try await next(request, context)
            log(response.status)
            return response
        } catch let error as HTTPResponseError {
            log(error.status)
            throw error
        } catch {
            log(.internalServerError)
            context.logger.error("unhandled error", metadata: ["type": "\(type(of: error))"])
            throw APIError(.internalServerError, "internal", "internal error")
        }
    }
}
