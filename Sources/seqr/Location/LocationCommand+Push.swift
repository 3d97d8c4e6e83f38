import ArgumentParser
import Foundation
import SeqrCloudClient
import SeqrCore
import SeqrStore

struct LocationPush: AsyncParsableCommand {
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
    @Option(help: "When the fix was taken, ISO 8601 (default: now).") var time: String?
    @Option(help: "A GPX or NMEA 0183 log to push the fixes of.") var follow: String?
    @Flag(help: "With --follow: after the file's fixes, keep watching it and push fixes as they are appended (until interrupted).")
    var tail = false
    @Option(help: "With --follow: replay at this multiple of real time, waiting between fixes as their timestamps say (0, the default: all at once).")
    var speed: Double = 0
    @Option(help: "Push to this share only (its id or first characters); default: every live share of this store on this server.")
    var share: String?
    @OptionGroup var options: LocationOptions

    func validate() throws {
        if follow == nil {
            guard lat != nil, lon != nil else { throw ValidationError("give --lat and --lon, or --follow FILE") }
            guard !tail, speed == 0 else { throw ValidationError("--tail and --speed go with --follow") }
        } else {
            guard lat == nil, lon == nil else { throw ValidationError("give either --lat/--lon or --follow, not both") }
        }
        guard speed >= 0, speed.isFinite else { throw ValidationError("--speed must be 0 or more") }
        if let time, GPXTrack.parseTime(time) == nil { throw ValidationError("--time must be ISO 8601, like 2026-11-23T10:15:00Z") }
    }

    struct Output: Encodable {
        struct Target: Encodable {
            let id: String
            let kept: Int
        }
        let fixes: Int
        let shares: [Target]
    }

    func run() async throws {
        let store = try options.openStore()
        let (_, client) = try options.signedIn(store)
        let pusher = try FixPusher(store: store, client: client, only: share)
        guard let follow else {
            let fix: LocationFix
            do {
                fix = try LocationFix(lat: lat!, lon: lon!, accuracy: accuracy, altitude: altitude, time: time.flatMap(GPXTrack.parseTime) ?? Date())
            } catch let error as LocationFix.Failure {
                throw CLIError(error.description)
            }
            try await report(pusher.push([fix]), fixes: 1, pusher: pusher)
            return
        }
        var log = TrackLog(path: follow)
        var fixes = try log.read()
        var previous: LocationFix?
        if speed == 0 {
            if !fixes.isEmpty { try await report(pusher.push(fixes), fixes: fixes.count, pusher: pusher) }
            previous = fixes.last
        } else {
            for fix in fixes {
                if let previous { try await Task.sleep(for: .seconds(min(max(fix.time.timeIntervalSince(previous.time), 0) / speed, 3600))) }
                try await report(pusher.push([fix]), fixes: 1, pusher: pusher)
                previous = fix
            }
        }
        if !options.json && !tail { StandardStreams.print("pushed \(fixes.count) fix\(fixes.count == 1 ? "" : "es") from \(follow)") }
        guard tail else { return }
        StandardStreams.warn("watching \(follow) for new fixes (Ctrl-C stops)")
        while true {
            try await Task.sleep(for: .seconds(1))
            fixes = try log.readNew()
            if !fixes.isEmpty { try await report(pusher.push(fixes), fixes: fixes.count, pusher: pusher) }
        }
    }

    private func report(_ targets: [Output.Target], fixes: Int, pusher: FixPusher) throws {
        if options.json {
            try options.printJSON(Output(fixes: fixes, shares: targets), pretty: follow == nil)
        } else if targets.isEmpty {
            StandardStreams.print("recorded \(fixes) fix\(fixes == 1 ? "" : "es") locally; no live share yet — `seqr location share` creates one and uploads the last 24 h")
        } else if follow == nil || speed > 0 || tail {
            StandardStreams.print("pushed \(fixes) fix\(fixes == 1 ? "" : "es") to \(targets.count) share\(targets.count == 1 ? "" : "s")")
        }
    }
}

/// Records fixes locally and uploads them, sealed per share, to the live shares of this store.
struct FixPusher {
    let store: LocalStore
    let client: ServerClient
    let only: String?

    init(store: LocalStore, client: ServerClient, only: String?) throws {
        self.store = store
        self.client = client
        self.only = try only.map { try store.ownedShare(matching: $0, server: client.server).id }
    }

    func push(_ fixes: [LocationFix]) async throws -> [LocationPush.Output.Target] {
        try store.recordOwnFixes(fixes)
        let now = Date()
        var targets: [LocationPush.Output.Target] = []
        for share in try store.locationShares(server: client.server) where only == nil || share.id == only {
            guard !share.isExpired(at: now) else { continue }
            let sealed = try fixes.map { try share.key.seal($0, shareID: share.id) }
            do {
                targets.append(.init(id: share.id, kept: try await client.pushFixes(shareID: share.id, data: sealed)))
            } catch let failure as ServerClientError where failure.code == "share_not_found" {
                StandardStreams.warn("share \(share.id) no longer exists on the server (revoked elsewhere); forgetting its key")
                try store.deleteLocationShare(id: share.id)
            } catch let failure as ServerClientError where failure.code == "share_expired" {
                StandardStreams.warn("share \(share.id) has expired; skipped")
            } catch {
                throw locationFailure(error)
            }
        }
        return targets
    }
}

/// A GPX or NMEA file read whole, then again as it grows (for --tail): only complete lines are
/// read, and only fixes beyond those already returned come back.
struct TrackLog {
    let path: String
    private var returned = 0
    private var size: UInt64 = 0

    init(path: String) { self.path = path }

    mutating func read() throws -> [LocationFix] {
        guard let data = FileManager.default.contents(atPath: path) else { throw CLIError("\(path): cannot read the file") }
        size = UInt64(data.count)
        // A tailed file may end mid-line: read up to its last newline.
        let complete = data.lastIndex(of: 0x0A).map { data[...$0] } ?? data
        let text = String(decoding: complete, as: UTF8.self)
        let all: [LocationFix]
        do {
            if text.contains("<gpx") {
                all = try GPXTrack.fixes(in: text)
            } else {
                let log = try NMEALog(text: text)
                if log.rejectedSentences > 0 && returned == 0 {
                    StandardStreams.warn("\(path): skipped \(log.rejectedSentences) NMEA sentence(s) with a bad checksum or fields")
                }
                all = log.fixes
            }
        } catch let error as GPXTrack.Failure {
            throw CLIError("\(path): \(error)")
        } catch is NMEALog.Failure {
            throw CLIError("\(path): neither a GPX file nor an NMEA log (no <gpx>, $..RMC or $..GGA)")
        }
        let new = all.count > returned ? Array(all[returned...]) : []
        returned = max(returned, all.count)
        return new
    }

    mutating func readNew() throws -> [LocationFix] {
        let current = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? UInt64) ?? 0
        guard current != size else { return [] }
        return try read()
    }
}
