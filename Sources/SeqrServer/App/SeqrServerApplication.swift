import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// seqr-server assembled from its rooms: the accounts, notes and location services over one
/// repository, behind the middleware every request passes (trusted proxies, access log, request log, metrics);
/// the metrics are served on their own listener (``metricsApplication(host:port:logger:onServerRunning:)``).
public enum SeqrServerApplication {
    /// The served OpenAPI document (the same file as docs/openapi.yaml).
    public static var openAPIDocument: String {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return "" }
        return text
    }

    /// The router with every route and middleware; tests drive it in process.
    public static func router(accounts: AccountsService, notes: NotesService, location: LocationService? = nil, webApp: WebAppSettings = .init(),
                              logRequests: Bool = true, accessLog: AccessLog? = nil, trustedProxies: TrustedProxies? = nil) -> Router<SeqrRequestContext> {
        let router = Router(context: SeqrRequestContext.self)
        _ = ServerMetrics.registry
        if let trustedProxies, !trustedProxies.isEmpty { router.add(middleware: TrustedProxyMiddleware(proxies: trustedProxies)) }
        if let accessLog { router.add(middleware: AccessLogMiddleware(log: accessLog)) }
        if logRequests { router.add(middleware: RequestLogMiddleware()) }
        if ServerMetrics.isEnabled { router.add(middleware: MetricsMiddleware()) }
        router.add(middleware: StorageErrorMiddleware())
        router.getAndHead("health") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: #"{"status":"ok"}"#)))
        }
        let openAPI = openAPIDocument
        router.getAndHead("openapi.yaml") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/yaml"], body: .init(byteBuffer: ByteBuffer(string: openAPI)))
        }
        accounts.addRoutes(to: router)
        notes.addRoutes(to: router, auth: accounts.authMiddleware)
        location?.addRoutes(to: router, auth: accounts.authMiddleware)
        WebAppRoutes(settings: webApp).addRoutes(to: router)
        router.answerOtherMethodsWith405()
        return router
    }

    /// The metrics listener's router (`--metrics`): `GET /metrics` only, in Prometheus' text format.
    /// Kept off the public port: the counts (registrations, failed logins, open feeds) are the
    /// operator's, not every visitor's.
    public static func metricsRouter() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.get("metrics") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                     body: .init(byteBuffer: ByteBuffer(bytes: ServerMetrics.exposition())))
        }
        return router
    }

    /// The metrics listener as a service of the server's group: it starts and stops with it.
    public static func metricsApplication(host: String, port: Int, logger: Logger,
                                          onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        Application(router: metricsRouter(),
                    configuration: .init(address: .hostname(host, port: port), serverName: "seqr-server-metrics"),
                    onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
                    logger: logger)
    }

    /// ``metricsApplication(host:port:logger:onServerRunning:)`` as the services to run beside the server.
    public static func metricsServices(host: String, port: Int, logger: Logger,
                                       onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> [any Service] {
        [metricsApplication(host: host, port: port, logger: logger, onServerRunning: onServerRunning)]
    }

    /// The whole application: `repository`'s migrations run before the server starts listening;
    /// SIGTERM and SIGINT stop it gracefully (swift-service-lifecycle, through Hummingbird's service group);
    /// `connections` bounds what slow or idle clients can hold.
    public static func application(
        repository: any SeqrRepository, accounts: AccountsService, notes: NotesService, location: LocationService? = nil,
        webApp: WebAppSettings = .init(), host: String, port: Int, logger: Logger,
        accessLog: AccessLog? = nil, trustedProxies: TrustedProxies? = nil, connections: ConnectionLimits = ConnectionLimits(),
        services: [any Service] = [], onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        var app = Application(
            router: router(accounts: accounts, notes: notes, location: location, webApp: webApp, accessLog: accessLog, trustedProxies: trustedProxies),
            server: connections.server(exempting: trustedProxies),
            configuration: .init(address: .hostname(host, port: port), serverName: "seqr-server",
                                 availableConnectionsDelegate: connections.delegate(logger: logger)),
            services: services,
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
            logger: logger)
        app.beforeServerStarts { try await repository.migrate() }
        return app
    }
}
