import Foundation

/// The points of a GPX 1.0/1.1 file (`<trkpt>`, `<rtept>` or `<wpt>` with `lat`/`lon`
/// attributes, optional `<ele>` and `<time>`, and `<hdop>` as a rough accuracy), in file order.
///
/// A small tolerant reader rather than a general XML parser: GPX loggers write these elements
/// flat, and a tailed file may end mid-element, so an unfinished last point is left for the
/// next read instead of being an error.
public enum GPXTrack {
    /// Metres of horizontal error per unit of HDOP: a common rule of thumb for consumer GPS.
    static let metresPerHDOP = 5.0

    /// Points without a `<time>` get `defaultTime` (followed by one second per point).
    public static func fixes(in text: String, defaultTime: Date = Date()) throws(LocationError) -> [LocationFix] {
        guard text.contains("<gpx") else { throw .notGPX }
        var fixes: [LocationFix] = []
        var rest = text[...]
        while let start = firstPointStart(in: rest) {
            let afterName = rest[start...].dropFirst(1)
            let name = afterName.prefix { $0.isLetter }
            guard let tagEnd = afterName.firstIndex(of: ">") else { break }  // unfinished: wait for more
            let tag = rest[start..<tagEnd]
            let body: Substring
            if rest[rest.index(before: tagEnd)] == "/" {
                body = ""
                rest = rest[rest.index(after: tagEnd)...]
            } else if let close = rest[tagEnd...].range(of: "</\(name)>") {
                body = rest[rest.index(after: tagEnd)..<close.lowerBound]
                rest = rest[close.upperBound...]
            } else {
                break
            }
            let index = fixes.count
            guard let lat = attribute("lat", in: tag).flatMap(Double.init), let lon = attribute("lon", in: tag).flatMap(Double.init) else {
                throw .badGPXPoint(index: index, reason: "lat and lon must be numbers")
            }
            var time = defaultTime.addingTimeInterval(Double(index))
            if let text = element("time", in: body) {
                guard let parsed = parseTime(text) else { throw .badGPXPoint(index: index, reason: "time \"\(text)\" is not ISO 8601") }
                time = parsed
            }
            let accuracy = element("hdop", in: body).flatMap(Double.init).map { $0 * metresPerHDOP }
            do {
                fixes.append(try LocationFix(lat: lat, lon: lon, accuracy: accuracy, altitude: element("ele", in: body).flatMap(Double.init), time: time))
            } catch {
                throw .badGPXPoint(index: index, reason: error.description)
            }
        }
        return fixes
    }

    private static func firstPointStart(in text: Substring) -> Substring.Index? {
        ["<trkpt", "<rtept", "<wpt"].compactMap { tag -> Substring.Index? in
            var search = text[...]
            while let range = search.range(of: tag) {
                // "<wpt" must not match "<wpts…": the name ends at whitespace, '/' or '>'.
                if let next = search[range.upperBound...].first, next.isWhitespace || next == "/" || next == ">" { return range.lowerBound }
                search = search[range.upperBound...]
            }
            return nil
        }.min()
    }

    private static func attribute(_ name: String, in tag: Substring) -> String? {
        for quote in ["\"", "'"] {
            for separator in ["=", " = "] {
                if let range = tag.range(of: " \(name)\(separator)\(quote)"),
                   let end = tag[range.upperBound...].firstIndex(of: Character(quote)) {
                    return String(tag[range.upperBound..<end]).trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return nil
    }

    private static func element(_ name: String, in body: Substring) -> String? {
        guard let open = body.range(of: "<\(name)>"), let close = body[open.upperBound...].range(of: "</\(name)>") else { return nil }
        return body[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// ISO 8601 with or without fractional seconds, as GPX and the CLI take it.
    public static func parseTime(_ text: String) -> Date? {
        // ICU's parser dies of SIGFPE on a fraction of dozens of digits (found by scripts/fuzz
        // gps-logs): no more than nanoseconds reach it.
        if let dot = text.firstIndex(of: "."), text[text.index(after: dot)...].prefix(while: \.isNumber).count > 9 { return nil }
        let withFraction = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return withFraction.date(from: text) ?? ISO8601DateFormatter().date(from: text)
    }
}
