import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrQR

extension LocationCommand {
    struct Follow: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "follow",
            abstract: "Follow one or more shares: print their decrypted fixes as they arrive, with distance and bearing from the previous one.",
            discussion: """
            Needs no account: the link's share id fetches the ciphertext, the key in its fragment (never \
            sent) decrypts it here. A fix that fails authentication is reported and skipped, never shown. \
            New fixes arrive over the server's live feed as they are pushed; a server without one is \
            asked every --interval seconds.

              seqr location follow 'https://HOST/l/<id>#k=<key>'
              seqr location follow 'https://HOST/l/<id>#k=<key>' --once --map trip.html
              seqr location follow link.png --once --json
              seqr location follow Ana='https://HOST/l/<id>#k=<key>' Ben='https://HOST/l/<id>#k=<key>'
              seqr location follow --people pickers.txt


            Several links are followed at once, each line starting with the person's name (NAME=LINK, \
            else the share id's first 8 characters; --json adds "name"); one share ending is said on \
            standard error and the others go on. --people reads the links from a file, one NAME=LINK \
            (or LINK) per line; blank lines and lines starting with # are skipped. At most \
            \(Self.maximumPeople) shares at once, as on the web app's People map.
            """)

        @Argument(help: "Share links (NAME=LINK to name the person), or pictures showing their QR codes (any format seqr decode reads; - for standard input).")
        var links: [String] = []
        @Option(help: ArgumentHelp("A file of share links to follow as well, one NAME=LINK or LINK per line (# starts a comment line).", valueName: "file"))
        var people: String?

        /// The web app's People map keeps at most as many people; a follow of more is refused.
        static let maximumPeople = LocationPeopleList.maximumEntries
        @Flag(help: "Print the fixes there are now and exit.") var once = false
        @Option(help: "Exit after printing this many fixes.") var count: Int?
        @Option(help: "Seconds between checks for new fixes when the server has no live feed (and before reconnecting to one).") var interval: Double = 5
        @Flag(help: "Print one JSON object per fix and line.") var json = false
        @Flag(name: .customLong("insecure-http"), help: "Allow a plain http:// link to a host other than loopback.")
        var insecureHTTP = false
        @OptionGroup var pictureLimit: PictureLimitOptions
        @OptionGroup var trackMap: TrackMapOptions

        func validate() throws {
            guard !links.isEmpty || people != nil else { throw ValidationError("give a share link (or several), or --people FILE") }
            if links.count > 1 || people != nil, trackMap.map != nil { throw ValidationError("--map draws one share: follow one link with it") }
            guard interval >= 0.2 else { throw ValidationError("--interval must be at least 0.2 seconds") }
            if let count { guard count >= 1 else { throw ValidationError("--count must be at least 1") } }
        }

        struct FixOutput: Encodable {
            let seq: Int
            let latitude: Double
            let longitude: Double
            let accuracy: Double?
            let altitude: Double?
            let time: Date
            /// Metres and degrees from the previous fix printed.
            let distance: Double?
            let bearing: Double?
            /// The person's name, when a follow names them or follows several shares.
            var name: String?
        }

        /// One share followed: its link and the name its lines start with (nil: one unnamed link, lines as before).
        struct Target {
            let link: LocationShareLink
            let name: String?
        }

        /// The shares to follow: the arguments, then the lines of `--people`.
        func targets() throws -> [Target] {
            var entries = links.map { (argument: $0, place: $0) }
            if let people {
                // The size first: a larger file is not a list of people, and is not read whole.
                let size = (try? FileManager.default.attributesOfItem(atPath: people)[.size] as? Int) ?? nil
                guard let size else { throw CLIError("\(people): cannot read the file", status: .noInput) }
                guard size <= LocationPeopleList.maximumBytes else { throw CLIError("\(people): \(LocationPeopleList.Error.tooLarge(bytes: size))") }
                guard let data = FileManager.default.contents(atPath: people) else { throw CLIError("\(people): cannot read the file", status: .noInput) }
                do {
                    let list = try LocationPeopleList(parsing: data, alreadyGiven: entries.count)
                    entries += list.entries.map { (argument: $0.text, place: "\(people):\($0.line)") }
                } catch .tooManyEntries {
                    throw CLIError(LocationPeopleList.Error.tooManyEntries(maximum: Self.maximumPeople).description, status: .usage)
                } catch {
                    throw CLIError("\(people): \(error)")
                }
                guard !entries.isEmpty else { throw CLIError("\(people): no share link in the file") }
            }
            guard entries.count <= Self.maximumPeople else {
                throw CLIError("more than \(Self.maximumPeople) shares to follow: split them over several follows", status: .usage)
            }
            let several = entries.count > 1
            return try entries.map { entry in
                do {
                    return try target(entry.argument, several: several)
                } catch let error as CLIError where entry.place != entry.argument {
                    // A line of the file: say which, not the link (its fragment is the key).
                    throw CLIError("\(entry.place): \(error.description)", status: error.status)
                }
            }
        }

        /// `NAME=LINK` names the person; a bare link is named by its share id when several are followed.
        func target(_ argument: String, several: Bool) throws -> Target {
            // A file of that name is a picture to read, whatever its name looks like.
            let (name, source) = FileManager.default.fileExists(atPath: argument) ? (nil, argument) : LocationPeopleList.nameAndSource(of: argument)
            let link = try shareLink(source)
            return Target(link: link, name: name ?? (several ? String(link.shareID.prefix(8)) : nil))
        }

        func shareLink(_ link: String) throws -> LocationShareLink {
            if PictureInput.isPicture(link) {
                let symbols = try PictureInput.symbols(in: link, pixelLimit: pictureLimit.maxPixels)
                guard !symbols.isEmpty else { throw CLIError("\(link): no QR code found") }
                for symbol in symbols {
                    if let parsed = try? LocationShareLink(parsing: String(decoding: symbol.payload, as: UTF8.self)) { return parsed }
                }
                throw CLIError("\(link): no location share link among its \(symbols.count) QR code(s)")
            }
            do {
                return try LocationShareLink(parsing: link)
            } catch {
                throw CLIError(error.description)
            }
        }

        /// What a follow has shown so far, whichever way the fixes arrive.
        struct Progress {
            var after = 0
            var previous: LocationFix?
            var printed = 0
            var opened = false
            var skipped = 0
            /// Starts each line (and is the JSON "name") when several shares are followed or the link was named.
            var name: String?
            /// `--map`: every fix shown is also drawn on a self-contained page, rewritten after each batch.
            var map: TrackMapWriter?
        }

        func run() async throws {
            let targets = try targets()
            for target in targets {
                // Before the retry loop, which would retry it forever.
                try ServerClient.checkTransport(target.link.base, allowsInsecureHTTP: insecureHTTP)
            }
            guard targets.count > 1 else { return try await follow(targets[0]) }
            // Several people: each followed on its own; one share ending is said, and the others go on.
            let failures = try await withThrowingTaskGroup(of: CLIError?.self) { group in
                for target in targets {
                    group.addTask {
                        do {
                            try await follow(target)
                            return nil
                        } catch let error as CLIError {
                            StandardStreams.warn("\(DisplayName.escaped(target.name ?? "")): \(error.description)")
                            return error
                        }
                    }
                }
                var failures: [CLIError] = []
                for try await failure in group { if let failure { failures.append(failure) } }
                return failures
            }
            if !failures.isEmpty {
                throw CLIError("\(failures.count) of \(targets.count) shares could not be followed to the end", status: failures[0].status)
            }
        }

        func follow(_ target: Target) async throws {
            let client = ServerClient(server: target.link.base, allowsInsecureHTTP: insecureHTTP)
            var progress = Progress()
            progress.name = target.name
            progress.map = try trackMap.writer()
            if !once, try await followLive(target.link, client, &progress) { return }
            try await poll(target.link, client, &progress)
        }

        /// Shows one batch of fixes; returns true once `--count` fixes are printed.
        func show(_ items: [LocationAPI.FeedFix], link: LocationShareLink, _ progress: inout Progress) throws -> Bool {
            var batch: [(Int, Result<LocationFix, Error>)] = []
            for item in items {
                progress.after = max(progress.after, item.seq)
                batch.append((item.seq, Result { try link.key.open(item.data, shareID: link.shareID) }))
            }
            if !progress.opened, !batch.isEmpty, batch.allSatisfy({ if case .failure = $0.1 { true } else { false } }) {
                throw CLIError("wrong key: the link's key opens none of this share's fixes (a mistyped link, or one from before the key was rotated)")
            }
            for (seq, result) in batch {
                switch result {
                case .failure(let error):
                    progress.skipped += 1
                    StandardStreams.warn("fix \(seq) skipped: \(error) — altered on the server?")
                case .success(let fix):
                    progress.opened = true
                    try show(fix, seq: seq, previous: progress.previous, name: progress.name)
                    progress.map?.record(fix)
                    progress.previous = fix
                    progress.printed += 1
                    if let count, progress.printed >= count { try progress.map?.write(); return true }
                }
            }
            try progress.map?.write()
            return false
        }

        func checkFormat(_ format: LocationFormat, link: LocationShareLink) throws {
            guard format == link.key.format else {
                throw CLIError("wrong link: its key is for \(link.key.format.rawValue), but the share is \(format.rawValue)")
            }
        }

        /// Follows the live feed (Server-Sent Events), reconnecting after the last fix shown when the
        /// connection breaks. Returns false when the stream cannot be opened at the first try — a server
        /// without live feeds, a proxy that refuses streams, too many followers — so that the caller
        /// polls instead; true when done.
        func followLive(_ link: LocationShareLink, _ client: ServerClient, _ progress: inout Progress) async throws -> Bool {
            var connected = false
            var connection = ConnectionReport(server: link.base)
            while true {
                let events: AsyncThrowingStream<LocationAPI.StreamEvent, Error>
                do {
                    events = try await client.liveFeed(shareID: link.shareID, after: progress.after)
                } catch let failure as ServerClientError where ["share_not_found", "share_expired"].contains(failure.code) {
                    throw locationFailure(failure)
                } catch let failure as ServerClientError where failure.isCertificateProblem {
                    // Not a lost connection: retrying cannot help until the certificate or the trust changes.
                    throw locationFailure(failure)
                } catch {
                    if !connected {
                        if !json { StandardStreams.warn("no live feed (\(error)); checking every \(interval) s instead") }
                        return false
                    }
                    connection.lost(error)
                    try await Task.sleep(for: .seconds(interval))
                    continue
                }
                connected = true
                connection.back()
                do {
                    // A burst of replayed fixes arrives as single events; the first one decides "wrong key", as a first poll would.
                    for try await event in events {
                        switch event {
                        case .share(let header):
                            try checkFormat(header.format, link: link)
                        case .fix(let item):
                            guard item.seq > progress.after else { continue }
                            if try show([item], link: link, &progress) { return true }
                        case .end(let end):
                            switch end.reason {
                            case "rotated": throw CLIError("the share was rotated: ask its owner for the new link")
                            case "expired": throw CLIError("this share has expired")
                            default: throw CLIError("the share was revoked")
                            }
                        }
                    }
                    // Closed without an end event (the instance stopped, or a proxy cut it): resume on another.
                    connection.lost(nil)
                } catch let failure as ServerClientError {
                    connection.lost(failure)
                }
                try await Task.sleep(for: .seconds(min(interval, 1)))
            }
        }

        /// Says on standard error when the connection to the server is lost, once, and when it is back.
        struct ConnectionReport {
            let server: String
            private(set) var isLost = false

            init(server: String) { self.server = server }

            mutating func lost(_ error: Error?) {
                guard !isLost else { return }
                isLost = true
                StandardStreams.warn("connection to \(DisplayName.escaped(server)) lost\(error.map { " (\($0))" } ?? ""); reconnecting")
            }

            mutating func back() {
                guard isLost else { return }
                isLost = false
                StandardStreams.warn("connection to \(DisplayName.escaped(server)) is back")
            }
        }

        /// Asks for new fixes every `--interval` seconds (or once, with `--once`).
        func poll(_ link: LocationShareLink, _ client: ServerClient, _ progress: inout Progress) async throws {
            var connection = ConnectionReport(server: link.base)
            while true {
                let feed: LocationAPI.Feed
                do {
                    feed = try await client.feed(shareID: link.shareID, after: progress.after)
                } catch let failure as ServerClientError where !once && failure.code == nil && !failure.isCertificateProblem {
                    connection.lost(failure)
                    try await Task.sleep(for: .seconds(interval))
                    continue
                } catch {
                    throw locationFailure(error)
                }
                connection.back()
                try checkFormat(feed.format, link: link)
                if try show(feed.fixes, link: link, &progress) { return }
                if once {
                    if progress.printed == 0 && !json { StandardStreams.print("no fixes shared yet") }
                    let skipped = progress.skipped
                    if skipped > 0 { throw CLIError("\(skipped) fix\(skipped == 1 ? "" : "es") failed authentication and \(skipped == 1 ? "was" : "were") skipped") }
                    return
                }
                try await Task.sleep(for: .seconds(interval))
            }
        }

        func show(_ fix: LocationFix, seq: Int, previous: LocationFix?, name: String? = nil) throws {
            let distance = previous.map { $0.distance(to: fix) }
            let bearing = previous.map { $0.bearing(to: fix) }
            if json {
                let output = FixOutput(seq: seq, latitude: fix.lat, longitude: fix.lon, accuracy: fix.accuracy, altitude: fix.altitude, time: fix.time,
                                       distance: distance.map { ($0 * 10).rounded() / 10 }, bearing: bearing.map { ($0 * 10).rounded() / 10 }, name: name)
                try JSONOutput.print(output, pretty: false)
                return
            }
            // A name from the command line is still escaped: a terminal must not take control characters from it.
            var line = name.map { "\(DisplayName.escaped($0))  " } ?? ""
            line += "\(ISO8601DateFormatter().string(from: fix.time))  \(String(format: "%.5f, %.5f", fix.lat, fix.lon))"
            if let accuracy = fix.accuracy { line += String(format: "  ±%.0f m", accuracy) }
            if let altitude = fix.altitude { line += String(format: "  alt %.0f m", altitude) }
            if let distance, let bearing {
                line += String(format: "  moved %@ toward %.0f° %@", Self.distanceText(distance), bearing, Self.compassPoint(bearing))
            }
            StandardStreams.print(line)
        }

        static func distanceText(_ metres: Double) -> String {
            metres < 1000 ? String(format: "%.0f m", metres) : String(format: "%.2f km", metres / 1000)
        }

        static func compassPoint(_ bearing: Double) -> String {
            let points = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]
            return points[Int((bearing / 22.5).rounded()) % 16]
        }
    }
}
