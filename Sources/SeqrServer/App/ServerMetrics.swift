import CoreMetrics
import Dispatch
import Metrics
import Prometheus
import Synchronization

/// Prometheus metrics for the process: swift-metrics is bootstrapped once, on first use, and
/// served only on the separate `--metrics` listener (``SeqrServerApplication/metricsRouter()``),
/// never on the public port. No label ever holds a username, share id, note id or address: routes
/// are named by their templates (Hummingbird's `MetricsMiddleware`), refusals by a fixed reason.
///
/// Off until ``enable()`` (seqr-server calls it for `--metrics`, before it opens the database): then
/// nothing is measured on the hot path — no request middleware, no SQLite profile trace, no clock
/// reads around database work — so a server without metrics pays nothing for them.
public enum ServerMetrics {
    private static let enabled = Atomic<Bool>(false)

    /// Whether metrics are recorded; fixed once the server is assembled.
    public static var isEnabled: Bool { enabled.load(ordering: .relaxed) }

    /// Turns recording on, for the rest of the process: call it before opening the database and
    /// building the router, which look once.
    public static func enable() { enabled.store(true, ordering: .relaxed) }

    public static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return registry
    }()

    /// The text exposition (format 0.0.4) of everything counted so far.
    public static func exposition() -> [UInt8] { registry.emitToBuffer() }

    /// Accounts created.
    static let registrations: CoreMetrics.Counter = { _ = registry; return CoreMetrics.Counter(label: "seqr_registrations_total") }()
    /// Logins (and password checks) refused for a wrong username or key.
    static let loginFailures: CoreMetrics.Counter = { _ = registry; return CoreMetrics.Counter(label: "seqr_login_failures_total") }()
    /// Live feeds open on this instance.
    static let liveFeedsOpen: CoreMetrics.Meter = { _ = registry; return CoreMetrics.Meter(label: "seqr_live_feeds_open") }()
    /// From a live feed's wake-up by a stored fix to the new fixes written to it (the database read included).
    static let fanOutDelay: CoreMetrics.Timer = { _ = registry; return CoreMetrics.Timer(label: "seqr_live_feed_fanout_seconds", preferredDisplayUnit: .seconds) }()

    /// Where database time is measured: a fixed set, so that a label never carries a statement's text.
    /// SQLite: each statement GRDB runs (its profile trace) and each hot note read; PostgreSQL: each
    /// transaction, each query outside one, and each batch of hot reads (from sending to the answer).
    enum DatabaseWork: String, CaseIterable {
        case sqliteStatement = "statement"
        case sqliteNoteRead = "note_read"
        case postgresQuery = "query"
        case postgresTransaction = "transaction"
        case postgresReadBatch = "read_batch"

        var engine: String {
            switch self {
            case .sqliteStatement, .sqliteNoteRead: "sqlite"
            case .postgresQuery, .postgresTransaction, .postgresReadBatch: "postgresql"
            }
        }
    }

    private static let databaseTimers: [DatabaseWork: CoreMetrics.Timer] = {
        _ = registry
        return Dictionary(uniqueKeysWithValues: DatabaseWork.allCases.map {
            ($0, CoreMetrics.Timer(label: "seqr_database_seconds", dimensions: [("engine", $0.engine), ("work", $0.rawValue)],
                                   preferredDisplayUnit: .seconds))
        })
    }()

    /// Records `nanoseconds` of database time.
    static func database(_ work: DatabaseWork, nanoseconds: UInt64) {
        databaseTimers[work]?.recordNanoseconds(Int64(clamping: nanoseconds))
    }

    /// Now, for a database timing, or nil when metrics are off (then nothing is recorded).
    static func databaseClock() -> UInt64? { isEnabled ? DispatchTime.now().uptimeNanoseconds : nil }

    /// Records the database time since `start` (from ``databaseClock()``; nil: metrics off).
    static func database(_ work: DatabaseWork, since start: UInt64?) {
        guard let start else { return }
        database(work, nanoseconds: DispatchTime.now().uptimeNanoseconds &- start)
    }

    /// Runs `body`, recording its time as database time (also when it throws) when metrics are on.
    static func timingDatabase<T>(_ work: DatabaseWork, _ body: () async throws -> T) async rethrows -> T {
        guard isEnabled else { return try await body() }
        let start = DispatchTime.now().uptimeNanoseconds
        defer { database(work, nanoseconds: DispatchTime.now().uptimeNanoseconds &- start) }
        return try await body()
    }

    /// Why a request was refused by a limit: a fixed set, so that a label never carries what a client sent.
    enum Refusal: String, CaseIterable {
        case loginRate = "login_rate"
        case registrationRate = "registration_rate"
        case hashingQueue = "hashing_queue"
        case liveFeedsOnInstance = "live_feeds_instance"
        case liveFeedsOfShare = "live_feeds_share"
        case liveFeedsOfAddress = "live_feeds_address"
        case connectionsOfAddress = "connections_address"
    }

    private static let refusals: [Refusal: CoreMetrics.Counter] = {
        _ = registry
        return Dictionary(uniqueKeysWithValues: Refusal.allCases.map { ($0, CoreMetrics.Counter(label: "seqr_refusals_total", dimensions: [("reason", $0.rawValue)])) })
    }()

    static func refused(_ reason: Refusal) { refusals[reason]?.increment() }
}
