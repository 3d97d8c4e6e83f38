import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrStore

extension LocationCommand {
    struct Push: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "push",
            abstract: "Push a position (or a GPX/NMEA log) to every live share, encrypted under each share's key.",
            discussion: """
            Fixes are also kept in the local store (the newest 1,000), so a share created later starts \
            with the recent track.

              seqr location push --lat 47.3769 --lon 8.5417 --accuracy 12
              seqr location push --follow ride.gpx --speed 10      # replay at 10× real time
              seqr location push --follow /var/log/gps.nmea --tail  # keep pushing appended fixes
            """)

        // .unconditional: southern latitudes, western longitudes and depths start with "-".
        @Option(parsing: .unconditional, help: "Latitude in degrees (−90…90).") var lat: Double?
        @Option(parsing: .unconditional, help: "Longitude in degrees (−180…180).") var lon: Double?
        @Option(help: "Horizontal accuracy in metres.") var accuracy: Double?
        @Option(parsing: .unconditional, help: "Altitude in metres.") var altitude: Double?
        @Option(help: "When the fix was taken, ISO 8601 (default: now); not more than a minute in the future.") var time: String?
        @Option(help: "A GPX or NMEA 0183 log to push the fixes of.") var follow: String?
        @Flag(help: "With --follow: after the file's fixes, keep watching it and push fixes as they are appended (until interrupted).")
        var tail = false
        @Option(help: "With --follow: replay at this multiple of real time, waiting between fixes as their timestamps say (0, the default: all at once).")
        var speed: Double = 0
        @Option(help: ArgumentHelp("With --follow and --speed or --tail: while nobody has the share's live feed open, push at most one fix this often, the newest (0: every fix); every fix again as soon as someone watches.",
                                   valueName: "seconds"))
        var unwatchedInterval: Int = 180
        @Option(help: "Push to this share only (its id or first characters); default: every live share of this store on this server.")
        var share: String?
        @OptionGroup var options: LocationOptions

        func validate() throws {
            if follow == nil {
                guard let lat, let lon else { throw ValidationError("give --lat and --lon, or --follow FILE") }
                // A number out of range on the command line is a usage error (64), as --margin -1 is.
                do { _ = try LocationFix(lat: lat, lon: lon, accuracy: accuracy, time: Date()) } catch { throw ValidationError(error.description) }
                guard !tail, speed == 0 else { throw ValidationError("--tail and --speed go with --follow") }
            } else {
                guard lat == nil, lon == nil else { throw ValidationError("give either --lat/--lon or --follow, not both") }
            }
            guard speed >= 0, speed.isFinite else { throw ValidationError("--speed must be 0 or more") }
            guard unwatchedInterval >= 0 else { throw ValidationError("--unwatched-interval must be 0 or more seconds") }
            if let time, GPXTrack.parseTime(time) == nil { throw ValidationError("--time must be ISO 8601, like 2026-11-23T10:15:00Z") }
        }

        struct Output: Encodable {
            struct Target: Encodable {
                let id: String
                let kept: Int
                /// Followers with the share's live feed open, as the server counted them (absent from an older server).
                var watching: Int?
            }
            let fixes: Int
            let shares: [Target]
        }

        func run() async throws {
            // The log is read first: a file with no fix is an error before anything else is asked for.
            var log = follow.map { TrackLog(path: $0) }
            var fixes = try log?.read() ?? []
            if let follow, fixes.isEmpty && !tail { throw CLIError("\(follow): no fix to push (no valid GPX point or NMEA RMC/GGA sentence)") }
            try FixPusher.refuseFuture(fixes)
            let store = try options.openStore()
            let (_, client) = try options.signedIn(store)
            let pusher = try FixPusher(store: store, client: client, only: share)
            guard let follow, var log else {
                let fix: LocationFix
                do {
                    fix = try LocationFix(lat: lat!, lon: lon!, accuracy: accuracy, altitude: altitude, time: time.flatMap(GPXTrack.parseTime) ?? Date())
                } catch {
                    throw CLIError(error.description)
                }
                try report(await pusher.push([fix]), fixes: 1)
                return
            }
            // Fixes over time (a replay or a growing log): watched-aware, unless --unwatched-interval 0.
            let pacer: WatchedPacer? = (speed > 0 || tail) && unwatchedInterval > 0
                ? WatchedPacer(pusher: pusher, interval: .seconds(unwatchedInterval)) { [self] targets, count in try report(targets, fixes: count) }
                : nil
            try await pacer?.start()
            defer { if let pacer { Task { await pacer.stop() } } }
            func send(_ fixes: [LocationFix]) async throws {
                if let pacer { try await pacer.offer(fixes) } else { try report(await pusher.push(fixes), fixes: fixes.count) }
            }
            var previous: LocationFix?
            if speed == 0 {
                if !fixes.isEmpty { try await send(fixes) }
                previous = fixes.last
            } else {
                for fix in fixes {
                    if let previous { try await Task.sleep(for: .seconds(min(max(fix.time.timeIntervalSince(previous.time), 0) / speed, 3600))) }
                    try await send([fix])
                    previous = fix
                }
            }
            if !tail { try await pacer?.finish() }
            if !options.json && !tail {
                if let pacer, case let uploaded = await pacer.uploaded, uploaded < fixes.count {
                    StandardStreams.print("replayed \(fixes.count) fixes from \(follow): \(uploaded) pushed, the others kept here while nobody watched")
                } else {
                    StandardStreams.print("pushed \(fixes.count) fix\(fixes.count == 1 ? "" : "es") from \(follow)")
                }
            }
            guard tail else { return }
            StandardStreams.warn("watching \(follow) for new fixes (Ctrl-C stops)")
            while true {
                try await Task.sleep(for: .seconds(1))
                fixes = try log.readNew()
                if !fixes.isEmpty { try await send(fixes) }
            }
        }

        private func report(_ targets: [Output.Target], fixes: Int) throws {
            if options.json {
                // JSON Lines: one compact object per upload, so one line without --follow.
                try JSONOutput.print(Output(fixes: fixes, shares: targets), pretty: false)
            } else if targets.isEmpty {
                StandardStreams.print("recorded \(fixes) fix\(fixes == 1 ? "" : "es") locally; no live share yet — `seqr location share` creates one and uploads the last 24 h")
            } else if follow == nil || speed > 0 || tail {
                StandardStreams.print("pushed \(fixes) fix\(fixes == 1 ? "" : "es") to \(targets.count) share\(targets.count == 1 ? "" : "s")")
            }
        }
    }
}
