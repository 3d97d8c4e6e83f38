import Foundation
import SeqrCLISupport
import SeqrCore

/// A GPX or NMEA file read whole, then again as it grows (for --tail): only complete lines are
/// read, and only fixes beyond those already returned come back.
struct TrackLog {
    let path: String
    private var returned = 0
    private var size: UInt64 = 0

    init(path: String) { self.path = path }

    mutating func read() throws -> [LocationFix] {
        guard let data = FileManager.default.contents(atPath: path) else { throw CLIError("\(path): cannot read the file", status: .noInput) }
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
        } catch {
            if error == .noNMEASentences { throw CLIError("\(path): neither a GPX file nor an NMEA log (no <gpx>, $..RMC or $..GGA)") }
            throw CLIError("\(path): \(error)")
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
