import Hummingbird

/// Writes one ``AccessLog`` line per request, after the response (or the error) is known.
struct AccessLogMiddleware: RouterMiddleware {
    typealias Context = SeqrRequestContext
    let log: AccessLog

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        func write(_ status: HTTPResponse.Status) {
            log.write(address: context.clientAddress, method: "\(request.method)", target: request.uri.description, status: status.code,
                      referrer: request.headers[.referer], userAgent: request.headers[.userAgent])
        }
        do {
            let response = try await next(request, context)
            write(response.status)
            return response
        } catch let error as HTTPResponseError {
            write(error.status)
            throw error
        } catch {
            write(.internalServerError)
            throw error
        }
    }
}
