import ArgumentParser
import Foundation
import Hummingbird
import Logging
import NIOCore
import SeqrCLISupport
import SeqrCore
import SeqrLocationViewer
import SeqrServer
import SeqrWebApp

@main
struct SeqrServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seqr-server",
        abstract: "The zero-knowledge server for notes and live location: stores only ciphertext, never a password, key or plaintext.",
        discussion: """
        Serves plain HTTP on loopback by default; put TLS in a reverse proxy (nginx, Caddy) in front \
        of it. Data lives in a SQLite file (the default) or PostgreSQL (--database postgres://…).
        Exit statuses as in sysexits(3) (docs/cli.md): 64 usage (a malformed --database URL too), \
        65 a database or password file that cannot be used (a database damaged, not seqr-server's, \
        or made by a newer seqr-server), 66 a file it reads at start missing \
        (Leaflet, qrcode-generator, the database password file; for admin, the database or backup), 69 PostgreSQL unreachable or the \
        port taken, 73 a file that cannot be written (admin restore: the database open in a running server).
        """,
        version: SeqrVersion.current,
        subcommands: [Serve.self, Admin.self],
        defaultSubcommand: Serve.self)

    /// One line on standard error and a non-zero exit, never a stack trace (as `seqr`).
    static func main() { mainWithOneLineErrors() }
}

struct DatabaseOption: ParsableArguments {
    @Option(name: .long, help: "A SQLite file path, or postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require|verify-ca|verify-full&sslrootcert=FILE&pool=N&reads=N] (each parameter optional; pool: pooled connections for requests, default 3; reads: the hot reads' own connections per event loop, default 1). Default: ~/.local/share/seqr-server/notes.sqlite.")
    var database: String?
    @Option(name: .long, help: "PostgreSQL: read the password from the first line of this file (else the URL, else PGPASSWORD).")
    var databasePasswordFile: String?
    @Option(name: .long, help: "PostgreSQL: seconds to wait at start for the connection and login before giving up (1–300).")
    var connectTimeout = 5

    var location: String { database ?? RepositoryLocation.defaultSQLitePath() }
    var isPostgres: Bool { location.hasPrefix("postgres://") || location.hasPrefix("postgresql://") }

    func validate() throws {
        if databasePasswordFile != nil, !location.hasPrefix("postgres") {
            throw ValidationError("--database-password-file is for a postgres:// --database")
        }
        guard (1...300).contains(connectTimeout) else { throw ValidationError("--connect-timeout must be between 1 and 300 seconds") }
    }

    /// PostgreSQL is tried once, within --connect-timeout, before its pool starts: an unreachable one is a
    /// single line at start (and SIGTERM still ends the process meanwhile: no handler is installed yet).
    func checkReachable(_ repository: any SeqrRepository) async throws {
        if let postgres = repository as? PostgresRepository { try await postgres.checkReachable(timeout: connectTimeout) }
    }

}

func makeLogger(_ level: Logger.Level) -> Logger {
    var logger = Logger(label: "seqr-server") { JSONLogHandler(label: $0) }
    logger.logLevel = level
    return logger
}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the server (the default subcommand).")

    @OptionGroup var database: DatabaseOption
    @Option(help: "Address to listen on.") var host = "127.0.0.1"
    @Option(help: "Port to listen on, 0–65535 (0 picks a free one; the chosen port is logged).") var port = 8080
    @Option(help: "Notes a free account may hold.") var freeNotes = 10
    @Option(help: "Hours a session token stays valid.") var sessionHours = 168.0
    @Option(help: "Failed logins at one account from one client address (an IPv6 /64) per 5 minutes; the owner elsewhere is not locked out.")
    var loginsPerAccount = 10
    @Option(help: "Failed logins from one client address (an IPv6 /64) per 5 minutes.") var loginsPerAddress = 30
    @Option(help: "Registrations (failed ones too) per client address (an IPv6 /64) per hour.") var registrationsPerAddress = 5
    @Option(help: "New accounts per hour, all addresses together (failed registrations do not count).") var registrationsPerHour = 200
    @Option(help: "Argon2id hashes (logins, registrations, password changes) running or waiting at once; 503 with Retry-After beyond. Default: 4 per core.")
    var argon2Queue: Int?
    @Option(help: "KiB of notes and location fixes one account may store (507 beyond).") var storageQuotaKib = 4096
    @Option(name: .customLong("trusted-proxy"),
            help: "A reverse proxy's address (repeatable): from it, X-Forwarded-For gives the client's address for rate limits and the access log.")
    var trustedProxies: [String] = []
    @Option(help: "Location fixes each share keeps (the newest ones).") var locationHistory = 500
    @Option(help: "Hours a location fix is kept.") var locationRetentionHours = 24.0
    @Option(help: "Location shares one account may hold.") var sharesPerAccount = 20
    @Option(help: "Live feeds (Server-Sent Events) open on this instance, all shares together (503 beyond). Default: half of --max-connections' default.")
    var streamsPerInstance: Int?
    @Option(help: "Live feeds one share may have open on this instance (503 beyond).") var streamsPerShare = 250
    @Option(help: "Live feeds one client address (an IPv6 /64) may have open on this instance (429 beyond).") var streamsPerAddress = 20
    @Option(help: "Seconds a connection may stay idle, or take to send a request's headers, before it is closed.") var idleTimeout = 30.0
    @Option(help: "Seconds a request's body may take to arrive after its headers.") var bodyTimeout = 60.0
    @Option(help: "Connections open at once; more wait to be accepted. Default: the descriptor limit (ulimit -n) less a quarter of it, at least 64.")
    var maxConnections: Int?
    @Option(help: "Connections one client address (an IPv6 /64) may hold; 429 beyond. A --trusted-proxy is exempt. Default: a quarter of --max-connections, at most 64.")
    var connectionsPerAddress: Int?
    @Option(help: "Seconds between heartbeats on live feeds, which keep proxies from closing idle streams.") var heartbeatSeconds = 15.0
    @Option(help: "Also write an access log (Combined Log Format: address, time, request line with share ids, status, user agent) to this file, as a proxy would.")
    var accessLog: String?
    @Option(help: "Log level: trace, debug, info, notice, warning, error.") var logLevel = "info"
    @Option(help: ArgumentHelp("Serve Prometheus metrics (GET /metrics) on this second listener, HOST:PORT or PORT (on 127.0.0.1): requests by route and status, latencies, open live feeds, login failures, refusals by limit, registrations. Never on the public port; no label holds a name, share id or address. Off by default.", valueName: "host:port"))
    var metrics: String?
    @Option(help: ArgumentHelp("The location viewer's map tiles, e.g. 'https://tiles.example/{z}/{x}/{y}.png': that server then sees which area each follower views (the page says so). Without it, the track is drawn over a plain grid and no third party is contacted.", valueName: "url-template"))
    var mapTiles: String?
    @Option(help: "The tile provider's attribution (HTML), shown in the map's corner.") var mapAttribution = ""
    @Option(help: "Where Debian's libjs-leaflet put Leaflet.") var leafletDirectory = LeafletFiles.defaultDirectory
    @Option(help: "Where Debian's node-qrcode-generator put its browser script (the web app draws share links' QR codes with it).")
    var qrcodeGenerator = QRCodeGeneratorFile.defaultPath
    @Option(help: ArgumentHelp("A JWK set (public keys, each usable; an \"iss\" member names a health-card issuer) that the web app's scanner trusts for signed codes and SMART Health Cards, served at /app/trusted-keys.json. Checked at start: a file that cannot be read exits 66, one that is no such list 65.", valueName: "file"))
    var trustedKeys: String?
    @Option(help: ArgumentHelp("The web origin people open the web app at, e.g. https://notes.example: turns on passkeys (WebAuthn), whose relying-party id is its host. A domain name, never an IP address; https, or http://localhost for tests. Without it, passkeys are off.", valueName: "origin"))
    var origin: String?
    @Flag(inversion: .prefixedNo, help: "Run Swift concurrency's jobs on the server's event loops instead of Swift's global thread pool (no thread hop at each await). Default: on with PostgreSQL, whose answers arrive on the loops; off with SQLite, whose reads run on the caller's thread (docs/benchmarks-history.md, \"Reads in batches\").")
    var eventLoopExecutor: Bool?

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        if let metrics, MetricsAddress(metrics) == nil { throw ValidationError("--metrics takes HOST:PORT, [IPv6]:PORT or PORT (0–65535), not \(metrics)") }
        guard locationHistory >= 1 else { throw ValidationError("--location-history must be at least 1") }
        guard locationRetentionHours > 0 else { throw ValidationError("--location-retention-hours must be positive") }
        guard sharesPerAccount >= 1 else { throw ValidationError("--shares-per-account must be at least 1") }
        guard registrationsPerAddress >= 1, registrationsPerHour >= 1 else { throw ValidationError("--registrations-per-address and --registrations-per-hour must be at least 1") }
        guard streamsPerShare >= 1, streamsPerAddress >= 1, (streamsPerInstance ?? 1) >= 1 else {
            throw ValidationError("--streams-per-instance, --streams-per-share and --streams-per-address must be at least 1")
        }
        guard (0.1...3600).contains(idleTimeout), (0.1...3600).contains(bodyTimeout) else {
            throw ValidationError("--idle-timeout and --body-timeout must be between 0.1 and 3600 seconds")
        }
        guard (maxConnections ?? 1) >= 1 else { throw ValidationError("--max-connections must be at least 1") }
        guard (connectionsPerAddress ?? 1) >= 1 else { throw ValidationError("--connections-per-address must be at least 1") }
        guard heartbeatSeconds >= 0.1, heartbeatSeconds <= 3600 else { throw ValidationError("--heartbeat-seconds must be between 0.1 and 3600") }
        guard (argon2Queue ?? 1) >= 1 else { throw ValidationError("--argon2-queue must be at least 1") }
        guard storageQuotaKib >= 1 else { throw ValidationError("--storage-quota-kib must be at least 1") }
        do { _ = try TrustedProxies(trustedProxies) } catch { throw ValidationError(error.description) }
        if let origin {
            do { _ = try WebAuthnRelyingParty(origin: origin) } catch {
                guard case .invalidOrigin(_, let reason) = error else { throw ValidationError("--origin: \(error)") }
                throw ValidationError("--origin \(origin): \(reason)")
            }
        }
        if mapTiles == nil && !mapAttribution.isEmpty { throw ValidationError("--map-attribution needs --map-tiles") }
        _ = try tiles()
    }

    /// The --trusted-keys file, checked: one line and 66 when it cannot be read, 65 when it is no list of public keys.
    func readTrustedKeys() throws -> TrustedKeysFile? {
        guard let trustedKeys else { return nil }
        do throws(TrustedKeysFile.Failure) {
            return try TrustedKeysFile(path: trustedKeys)
        } catch .unreadable {
            throw CLIError(TrustedKeysFile.Failure.unreadable(path: trustedKeys).description, status: .noInput)
        } catch {
            throw CLIError(error.description)
        }
    }

    func tiles() throws -> MapTileSource? {
        guard let mapTiles else { return nil }
        do { return try MapTileSource(template: mapTiles, attribution: mapAttribution) } catch { throw ValidationError(error.description) }
    }

    func run() async throws {
        guard let level = Logger.Level(rawValue: logLevel) else { throw ValidationError("unknown log level \(logLevel)") }
        let logger = makeLogger(level)
        // Read and checked before anything is opened: a bad list ends the start in one line.
        let trustedKeysFile = try readTrustedKeys()
        // Before any request or query: from here on every job runs on a loop (see ConcurrencyOnEventLoops).
        if eventLoopExecutor ?? RepositoryLocation.isPostgres(database.location), !ConcurrencyOnEventLoops.install() {
            logger.warning("Swift concurrency's global executor was already replaced; running on it")
        }
        // A SQLite file from a newer Seqr, or someone else's, is refused as it is opened, before any
        // change (SQLiteRepository); PostgreSQL's schema is checked as it migrates.
        // Metrics are measured only when served: the database and the router look once, as they are made.
        if metrics != nil { ServerMetrics.enable() }
        let (repository, services) = try RepositoryLocation.open(database.location, passwordFile: database.databasePasswordFile, logger: logger)
        try await database.checkReachable(repository)
        // Revocations and new fixes reach every instance on the database (LISTEN/NOTIFY on PostgreSQL).
        let (events, eventServices) = RepositoryLocation.clusterEvents(for: repository, logger: logger)
        let proxies = try TrustedProxies(trustedProxies)
        var settings = AccountsService.Settings()
        settings.plans = AccountPlans(freeNoteLimit: freeNotes)
        settings.sessionLifetime = sessionHours * 3600
        settings.loginLimits = .init(perAccountFromAddress: loginsPerAccount, perAddress: loginsPerAddress)
        settings.registrationLimits = .init(perAddress: registrationsPerAddress, overall: registrationsPerHour)
        if let argon2Queue { settings.hashingCapacity = argon2Queue }
        settings.relyingParty = try origin.map { try WebAuthnRelyingParty(origin: $0) }
        let accounts = try AccountsService(repository: repository, settings: settings, events: events)
        var notesSettings = NotesService.Settings()
        notesSettings.storageQuota = storageQuotaKib * 1024
        let notes = NotesService(repository: repository, plans: settings.plans, settings: notesSettings)
        var locationSettings = LocationService.Settings()
        locationSettings.retention = LocationRetention(limit: locationHistory, maxAge: locationRetentionHours * 3600)
        locationSettings.sharesPerAccount = sharesPerAccount
        locationSettings.storageQuota = storageQuotaKib * 1024
        do { locationSettings.viewer = LocationViewerSettings(tiles: try tiles(), leaflet: try LeafletFiles(directory: leafletDirectory)) } catch let error as LocationViewerError {
            // Leaflet not installed is a missing input (66); a --map-tiles template was refused in validate().
            if case .leafletMissing = error { throw CLIError(error.description, status: .noInput) }
            throw CLIError(error.description, status: .usage)
        }
        // The web app's files are all read here, so a missing one stops the start rather than a page later.
        let webApp: WebAppSettings
        do {
            webApp = WebAppSettings(tiles: try tiles(), qrcodeGenerator: try QRCodeGeneratorFile(path: qrcodeGenerator), trustedKeys: trustedKeysFile)
            let files = try WebApp(tiles: webApp.tiles, qrcodeGenerator: webApp.qrcodeGenerator)
            // The page works without it; only its scanner cannot decode.
            if !files.hasQRDecoder {
                logger.warning("the web app's QR decoder (\(WebApp.qrDecoderPath)) is not in this build: the page's scanner is unavailable; scripts/build-wasm builds it")
            }
            if !files.hasVaultModules {
                logger.warning("the web app's paper-vault modules (\(WebApp.vaultModulePaths.joined(separator: ", "))) are not in this build: the page cannot restore or back up a vault; scripts/build-wasm builds them")
            }
        } catch let error as WebAppError {
            // A file the server reads at start that is not there is a missing input (66).
            throw CLIError(error.description, status: error == .resourcesMissing ? .software : .noInput)
        }
        if let streamsPerInstance { locationSettings.liveFeed.streamsPerInstance = streamsPerInstance }
        locationSettings.liveFeed.streamsPerShare = streamsPerShare
        locationSettings.liveFeed.streamsPerAddress = streamsPerAddress
        locationSettings.liveFeed.heartbeat = .milliseconds(Int((heartbeatSeconds * 1000).rounded()))
        let location = LocationService(repository: repository, settings: locationSettings, events: events)
        let access = try accessLog.map { path in
            do { return try AccessLog(path: path) } catch { throw CLIError("cannot open the access log \(path)", status: .cannotCreate) }
        }
        var connections = ConnectionLimits()
        connections.idleTimeout = .milliseconds(Int((idleTimeout * 1000).rounded()))
        connections.bodyTimeout = .milliseconds(Int((bodyTimeout * 1000).rounded()))
        if let maxConnections { connections.maxConnections = maxConnections }
        connections.perAddress = connectionsPerAddress
        let metricsServices = metrics.flatMap(MetricsAddress.init).map { address in
            SeqrServerApplication.metricsServices(host: address.host, port: address.port, logger: logger) { port in
                logger.info("metrics listening", metadata: ["host": "\(address.host)", "port": "\(port)"])
            }
        } ?? []
        let app = SeqrServerApplication.application(
            repository: repository, accounts: accounts, notes: notes, location: location, webApp: webApp, host: host, port: port, logger: logger,
            accessLog: access, trustedProxies: proxies, connections: connections, services: services + eventServices + metricsServices,
            onServerRunning: { port in
                logger.info("listening", metadata: ["host": "\(host)", "port": "\(port)",
                                                    "database": "\(database.location.hasPrefix("postgres") ? "postgres" : "sqlite")",
                                                    "executor": "\(ConcurrencyOnEventLoops.isInstalled ? "event-loops" : "global")"])
            })
        do {
            try await app.runService()
        } catch let error as IOError {
            // SwiftNIO's words ("bind(descriptor:ptr:bytes:): Address already in use (errno: 98)") in Seqr's.
            throw CLIError("cannot listen on \(host):\(port): \(SystemErrorWords.listening(error.errnoCode))", status: .unavailable)
        }
    }
}

struct Admin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Administer accounts and the database.", subcommands: [Pro.self, Backup.self, Restore.self])

    struct Backup: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy a SQLite database consistently, while the server runs (PostgreSQL: pg_dump, docs/deploy.md).",
            discussion: "One snapshot (VACUUM INTO): every write committed before it began, nothing half-written. Written beside FILE, checked, flushed, then renamed into place; owner-only (0600).")

        @OptionGroup var database: DatabaseOption
        @Option(name: .customLong("to"), help: ArgumentHelp("The backup file to write.", valueName: "file")) var output: String
        @Flag(help: "Replace an existing backup file.") var force = false

        func run() async throws {
            if database.isPostgres {
                throw CLIError("admin backup copies a SQLite database; back up PostgreSQL with pg_dump (docs/deploy.md)", status: .usage)
            }
            try SQLiteBackup.write(database: database.location, to: output, force: force)
            StandardStreams.status("backed up \(database.location) to \(output)")
        }
    }

    struct Restore: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Put a SQLite backup in place of the database; the server must be stopped (PostgreSQL: pg_restore, docs/deploy.md).",
            discussion: "The backup is checked first (SQLite's integrity check, a Seqr database, a schema this build knows); a refused one changes nothing. The current database is kept aside as DATABASE.before-restore-TIMESTAMP, never deleted.")

        @OptionGroup var database: DatabaseOption
        @Option(name: .customLong("from"), help: ArgumentHelp("The backup file (made by admin backup).", valueName: "file")) var backup: String

        func run() async throws {
            if database.isPostgres {
                throw CLIError("admin restore puts back a SQLite database; restore PostgreSQL with pg_restore (docs/deploy.md)", status: .usage)
            }
            let outcome = try SQLiteRestore.restore(backup: backup, database: database.location)
            let aside = outcome.keptAside.map { "; the previous database is kept as \($0)" } ?? ""
            let pending = outcome.schema.pending.isEmpty ? "" : " (\(outcome.schema.pending.count) migration(s) run at the next start)"
            StandardStreams.status("restored \(backup) to \(database.location)\(pending)\(aside)")
        }
    }

    struct Pro: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Turn a user's pro plan (no note limit) on or off.")

        enum Switch: String, ExpressibleByArgument { case on, off }

        @OptionGroup var database: DatabaseOption
        @Argument(help: "The username.") var user: String
        @Argument(help: "on or off.") var state: Switch

        func run() async throws {
            // An admin command works on a server's existing database; a mistyped or missing --database must not create an empty one.
            if !database.isPostgres && !FileManager.default.fileExists(atPath: database.location) {
                throw CLIError("no database at \(database.location): admin commands never create one (give the server's --database)", status: .noInput)
            }
            let logger = makeLogger(.warning)
            let (repository, services) = try RepositoryLocation.open(database.location, passwordFile: database.databasePasswordFile, logger: logger)
            try await database.checkReachable(repository)
            try await withRunning(services) {
                try await repository.migrate()
                guard try await repository.setPro(username: user, state == .on) else { throw CLIError("no user \"\(user)\"") }
            }
            print("\(user): \(state == .on ? "pro (no note limit)" : "free")")
        }
    }
}

/// A database refused at start, or by backup and restore: a missing or unreadable file is a missing
/// input (66), one that cannot be written (or is in use) 73, a wrong one — damaged, not SQLite, not
/// Seqr's, from a newer Seqr — 65.
extension DatabaseCheckError: ExitStatusReporting {
    public var exitStatus: ExitStatus {
        switch self {
        case .missing, .unreadable: .noInput
        case .inUse, .restoring, .cannotWrite: .cannotCreate
        case .notSQLite, .damaged, .notSeqr, .newerSchema: .dataError
        }
    }
}

/// An unreachable PostgreSQL is the service being unavailable (69), as sysexits(3) says.
extension PostgresUnreachableError: ExitStatusReporting {
    public var exitStatus: ExitStatus { .unavailable }
}

/// A malformed --database URL is a wrong command line (64); a password file that cannot be read
/// is a missing input (66), as docs/cli.md's table says.
extension PostgresURLError: ExitStatusReporting {
    public var exitStatus: ExitStatus {
        switch self {
        case .passwordFileUnreadable: .noInput
        case .passwordFileEmpty: .dataError
        default: .usage
        }
    }
}
