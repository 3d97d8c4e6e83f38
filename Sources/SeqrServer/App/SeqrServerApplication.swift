import Foundation
import Hummingbird
import Logging
import Metrics
import Prometheus
import ServiceLifecycle

/// Prometheus metrics for the process: swift-metrics is bootstrapped once, on first use.
public enum ServerMetrics {
    public static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return registry
    }()
}

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

public enum SeqrServerApplication {
    /// The served OpenAPI document (the same file as docs/openapi.yaml).
    public static var openAPIDocument: String {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return "" }
        return text
    }

    /// The router with every route and middleware; tests drive it in process.
    public static func router(service: NotesService, location: LocationService? = nil, logRequests: Bool = true,
                              accessLog: AccessLog? = nil, trustedProxies: TrustedProxies? = nil) -> Router<SeqrRequestContext> {
        let router = Router(context: SeqrRequestContext.self)
        _ = ServerMetrics.registry
        if let trustedProxies, !trustedProxies.isEmpty { router.add(middleware: TrustedProxyMiddleware(proxies: trustedProxies)) }
        if let accessLog { router.add(middleware: AccessLogMiddleware(log: accessLog)) }
        if logRequests { router.add(middleware: RequestLogMiddleware()) }
        router.add(middleware: MetricsMiddleware())
        router.get("health") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: #"{"status":"ok"}"#)))
        }
        router.get("metrics") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4"],
                     body: .init(byteBuffer: ByteBuffer(bytes: ServerMetrics.registry.emitToBuffer())))
        }
        let openAPI = openAPIDocument
        router.get("openapi.yaml") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/yaml"], body: .init(byteBuffer: ByteBuffer(string: openAPI)))
        }
        service.addRoutes(to: router)
        location?.addRoutes(to: router, auth: service.authMiddleware)
        return router
    }

    /// The whole application: migrations run before the server starts listening; SIGTERM and
    /// SIGINT stop it gracefully (swift-service-lifecycle, through Hummingbird's service group).
    public static func application(
        service: NotesService, location: LocationService? = nil, host: String, port: Int, logger: Logger,
        accessLog: AccessLog? = nil, trustedProxies: TrustedProxies? = nil, services: [any Service] = [],
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        var app = Application(
            router: router(service: service, location: location, accessLog: accessLog, trustedProxies: trustedProxies),
            configuration: .init(address: .hostname(host, port: port), serverName: "seqr-server"),
            services: services,
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
            logger: logger)
        app.beforeServerStarts { try await service.repository.migrate() }
        return app
    }
}
