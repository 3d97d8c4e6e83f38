import Foundation

/// Fixes from an NMEA 0183 log, as GPS receivers and loggers write it: `RMC` sentences give
/// date, time and position (only those with status `A`, valid, become fixes); a `GGA` sentence
/// of the same second adds altitude and an accuracy estimate from its HDOP. Any talker (`GP`,
/// `GN`, `GL`, …). Sentences with a wrong checksum are skipped and counted, never trusted.
public struct NMEALog: Sendable {
    public var fixes: [LocationFix] = []
    /// Sentences dropped for a bad checksum or malformed fields.
    public var rejectedSentences = 0

    static let metresPerHDOP = 5.0

    /// Reads a log; throws when it holds no NMEA sentence at all.
    public init(text: String) throws(LocationError) {
        var sawSentence = false
        var gga: [String: (altitude: Double?, hdop: Double?)] = [:]
        var pending: [(key: String, lat: Double, lon: Double, time: Date)] = []
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("$"), line.count > 6 else { continue }
            let type = line.dropFirst(3).prefix(3)
            guard type == "RMC" || type == "GGA" else { continue }
            sawSentence = true
            guard let fields = Self.checkedFields(line) else { rejectedSentences += 1; continue }
            if type == "GGA" {
                guard fields.count > 9, let quality = Int(fields[6]), quality > 0 else { continue }
                gga[fields[1]] = (Double(fields[9]), Double(fields[8]))
            } else {
                guard fields.count > 9, fields[2] == "A" else { continue }
                guard let lat = Self.coordinate(fields[3], hemisphere: fields[4], degreeDigits: 2),
                      let lon = Self.coordinate(fields[5], hemisphere: fields[6], degreeDigits: 3),
                      let time = Self.time(fields[1], date: fields[9]) else { rejectedSentences += 1; continue }
                pending.append((fields[1], lat, lon, time))
            }
        }
        guard sawSentence else { throw .noNMEASentences }
        for p in pending {
            let extra = gga[p.key]
            if let fix = try? LocationFix(lat: p.lat, lon: p.lon, accuracy: extra?.hdop.map { $0 * Self.metresPerHDOP },
                                          altitude: extra?.altitude, time: p.time) {
                fixes.append(fix)
            } else {
                rejectedSentences += 1
            }
        }
    }

    /// The comma-separated fields (talker+type first) when the `*hh` checksum, the XOR of every
    /// byte between `$` and `*`, matches; sentences without one are accepted as loggers write them.
    static func checkedFields(_ line: String) -> [String]? {
        var body = Substring(line.dropFirst())
        if let star = body.lastIndex(of: "*") {
            let given = body[body.index(after: star)...]
            body = body[..<star]
            guard given.count == 2, let expected = UInt8(given, radix: 16) else { return nil }
            guard body.utf8.reduce(0, ^) == expected else { return nil }
        }
        return body.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    /// `ddmm.mmmm` / `dddmm.mmmm` with N/S/E/W into signed degrees.
    static func coordinate(_ value: String, hemisphere: String, degreeDigits: Int) -> Double? {
        guard value.count > degreeDigits, let degrees = Double(value.prefix(degreeDigits)),
              let minutes = Double(value.dropFirst(degreeDigits)), minutes < 60 else { return nil }
        let magnitude = degrees + minutes / 60
        switch hemisphere {
        case "N", "E": return magnitude
        case "S", "W": return -magnitude
        default: return nil
        }
    }

    /// `hhmmss[.sss]` and `ddmmyy` as UTC; two-digit years 80–99 are 1980–1999 (GPS began in 1980), the rest 2000–2079.
    static func time(_ hms: String, date: String) -> Date? {
        guard hms.count >= 6, date.count == 6, let h = Int(hms.prefix(2)), let m = Int(hms.dropFirst(2).prefix(2)),
              let s = Double(hms.dropFirst(4)), let day = Int(date.prefix(2)), let month = Int(date.dropFirst(2).prefix(2)),
              let year = Int(date.suffix(2)), (0..<61).contains(s) else { return nil }  // NaN or 1e300 seconds would trap Int(s)
        var components = DateComponents()
        components.calendar = Calendar(identifier: .gregorian)
        components.timeZone = TimeZone(identifier: "UTC")
        (components.year, components.month, components.day) = (year >= 80 ? 1900 + year : 2000 + year, month, day)
        (components.hour, components.minute, components.second) = (h, m, Int(s))
        guard components.isValidDate, let whole = components.date else { return nil }
        return whole.addingTimeInterval(s - s.rounded(.down))
    }
}
