import Foundation

/// One position report: what a location share carries, encrypted, to its followers.
public struct LocationFix: Codable, Sendable, Equatable {
    /// Degrees, −90…90.
    public var lat: Double
    /// Degrees, −180…180.
    public var lon: Double
    /// Metres (horizontal, 1σ), when known.
    public var accuracy: Double?
    /// Metres above the WGS 84 ellipsoid, when known.
    public var altitude: Double?
    /// When the fix was taken.
    public var time: Date

    /// A fix, checked: coordinates in range and finite, accuracy not negative; the time is kept to whole milliseconds.
    public init(lat: Double, lon: Double, accuracy: Double? = nil, altitude: Double? = nil, time: Date) throws(LocationError) {
        guard lat.isFinite, (-90...90).contains(lat) else { throw .latitudeOutOfRange(lat) }
        guard lon.isFinite, (-180...180).contains(lon) else { throw .longitudeOutOfRange(lon) }
        if let accuracy { guard accuracy.isFinite, accuracy >= 0 else { throw .badAccuracy(accuracy) } }
        self.lat = lat
        self.lon = lon
        self.accuracy = accuracy
        self.altitude = altitude.flatMap { $0.isFinite ? $0 : nil }
        // Whole milliseconds: what the JSON carries.
        self.time = Date(timeIntervalSince1970: (time.timeIntervalSince1970 * 1000).rounded() / 1000)
    }

    /// The plaintext both formats encrypt: compact JSON, time in milliseconds since 1970.
    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .millisecondsSince1970
        return try! encoder.encode(self)
    }

    /// Reads ``json()`` back, with the same checks.
    public init(json: Data) throws(LocationError) {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        guard let raw = try? decoder.decode(LocationFix.self, from: json) else { throw .malformedFix }
        try self.init(lat: raw.lat, lon: raw.lon, accuracy: raw.accuracy, altitude: raw.altitude, time: raw.time)
    }

    /// Great-circle distance in metres (haversine, mean Earth radius).
    public func distance(to other: LocationFix) -> Double {
        let r = 6_371_008.8
        let φ1 = lat * .pi / 180, φ2 = other.lat * .pi / 180
        let Δφ = φ2 - φ1, Δλ = (other.lon - lon) * .pi / 180
        let a = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * r * atan2(a.squareRoot(), (1 - a).squareRoot())
    }

    /// Initial bearing to `other`, degrees clockwise from north, 0…360.
    public func bearing(to other: LocationFix) -> Double {
        let φ1 = lat * .pi / 180, φ2 = other.lat * .pi / 180, Δλ = (other.lon - lon) * .pi / 180
        let θ = atan2(sin(Δλ) * cos(φ2), cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(Δλ))
        return (θ * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
    }
}
