import Foundation
import SeqrCore
import Testing

@Suite("Location shares: keys, links, GPX and NMEA")
struct LocationShareTests {
    static let fix = try! LocationFix(lat: 47.3769, lon: 8.5417, accuracy: 12, altitude: 408, time: Date(timeIntervalSince1970: 1_795_000_000.5))
    static let shareID = "bAISevbnkXUKufzu3w6Jqw"

    @Test("share keys: both formats seal and open; the other share, a wrong key and a changed string are refused")
    func keys() throws {
        for format in LocationFormat.allCases {
            let key = LocationShareKey.generate(format)
            #expect(key.format == format && key.bytes.count == format.keyLength)
            #expect(try LocationShareKey(bytes: key.bytes) == key)
            let data = key.seal(Self.fix, shareID: Self.shareID)
            #expect(try key.open(data, shareID: Self.shareID) == Self.fix)
            #expect(throws: (any Error).self) { try LocationShareKey.generate(format).open(data, shareID: Self.shareID) }
            if format == .seqrLocationV1 {
                #expect(throws: LocationError.authenticationFailed) { try key.open(data, shareID: "AAAAAAAAAAAAAAAAAAAAAA") }
                var bytes = Data(base64Encoded: data)!
                bytes[20] ^= 1
                #expect(throws: LocationError.authenticationFailed) { try key.open(bytes.base64EncodedString(), shareID: Self.shareID) }
                #expect(throws: LocationError.malformedData) { try key.open("not base64!", shareID: Self.shareID) }
            }
        }
        #expect(throws: LocationError.wrongKeyLength(24)) { try LocationShareKey(bytes: Data(count: 24)) }
    }

    @Test("links: the key rides in the fragment; round trip, prefixes and ports kept")
    func links() throws {
        let key = LocationShareKey.generate()
        let link = LocationShareLink(base: "https://seqr.example/", shareID: Self.shareID, key: key)
        #expect(link.description == "https://seqr.example/l/\(Self.shareID)#k=\(Base64URL.encode(key.bytes))")
        #expect(link.pageURL == "https://seqr.example/l/\(Self.shareID)")
        #expect(try LocationShareLink(parsing: link.description) == link)
        let behindProxy = try LocationShareLink(parsing: "http://127.0.0.1:8080/seqr/l/\(Self.shareID)#k=\(Base64URL.encode(key.bytes))\n")
        #expect(behindProxy.base == "http://127.0.0.1:8080/seqr" && behindProxy.key == key)
        let old = LocationShareKey.generate(.cryptoJS)
        #expect(try LocationShareLink(parsing: "https://h/l/\(Self.shareID)#k=\(Base64URL.encode(old.bytes))").key.format == .cryptoJS)
    }

    @Test("links: missing, cut or foreign parts give precise errors")
    func badLinks() {
        let key = Base64URL.encode(LocationShareKey.generate().bytes)
        #expect(throws: LocationError.notALink) { try LocationShareLink(parsing: "seqr rocks") }
        #expect(throws: LocationError.notALink) { try LocationShareLink(parsing: "ftp://h/l/\(Self.shareID)#k=\(key)") }
        #expect(throws: LocationError.notALink) { try LocationShareLink(parsing: "https://h/x/\(Self.shareID)#k=\(key)") }
        #expect(throws: LocationError.badShareID) { try LocationShareLink(parsing: "https://h/l/short#k=\(key)") }
        #expect(throws: LocationError.missingKey) { try LocationShareLink(parsing: "https://h/l/\(Self.shareID)") }
        #expect(throws: LocationError.missingKey) { try LocationShareLink(parsing: "https://h/l/\(Self.shareID)#k=") }
        #expect(throws: LocationError.badLinkKey) { try LocationShareLink(parsing: "https://h/l/\(Self.shareID)#k=\(key.dropLast(3))") }
        #expect(throws: LocationError.badLinkKey) { try LocationShareLink(parsing: "https://h/l/\(Self.shareID)#k=\(key)!") }
        #expect(LocationShareLink.isValidShareID(Self.shareID))
        #expect(!LocationShareLink.isValidShareID(Self.shareID + "A") && !LocationShareLink.isValidShareID("bAISevbnkXUKufzu3w6Jq+"))
    }

    @Test("GPX: track, route and waypoints with elevation, time and HDOP; bad points and non-GPX refused; a cut-off tail waits")
    func gpx() throws {
        let gpx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
              <wpts/>
              <trk><name>ride</name><trkseg>
                <trkpt lat="47.3769" lon="8.5417"><ele>408.5</ele><time>2026-11-23T10:00:00Z</time><hdop>2</hdop></trkpt>
                <trkpt lon='8.5430' lat='47.3780'><time>2026-11-23T10:00:05.250Z</time></trkpt>
                <trkpt lat="47.3790" lon="8.5440"/>
              </trkseg></trk>
              <rte><rtept lat="-33.8568" lon="151.2153"><time>2026-11-23T10:01:00Z</time></rtept></rte>
              <trkpt lat="1" lon="2"><time>2026-11-23T10:02:00Z</ti
            """
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let fixes = try GPXTrack.fixes(in: gpx, defaultTime: start)
        #expect(fixes.count == 4)
        #expect(fixes[0].lat == 47.3769 && fixes[0].lon == 8.5417 && fixes[0].altitude == 408.5 && fixes[0].accuracy == 10)
        #expect(fixes[0].time == GPXTrack.parseTime("2026-11-23T10:00:00Z"))
        #expect(abs(fixes[1].time.timeIntervalSince(fixes[0].time) - 5.25) < 0.001 && fixes[1].lon == 8.5430)
        #expect(fixes[2].time == start.addingTimeInterval(2))
        #expect(fixes[3].lat == -33.8568)
        #expect(throws: LocationError.notGPX) { try GPXTrack.fixes(in: "lat,lon\n1,2\n") }
        #expect(throws: LocationError.badGPXPoint(index: 0, reason: "lat and lon must be numbers")) {
            try GPXTrack.fixes(in: "<gpx><trkpt lat=\"north\" lon=\"2\"></trkpt></gpx>")
        }
        #expect(throws: LocationError.badGPXPoint(index: 0, reason: "latitude 95.0 is outside −90…90")) {
            try GPXTrack.fixes(in: "<gpx><trkpt lat=\"95\" lon=\"2\"/></gpx>")
        }
        #expect(throws: LocationError.badGPXPoint(index: 0, reason: "time \"yesterday\" is not ISO 8601")) {
            try GPXTrack.fixes(in: "<gpx><trkpt lat=\"5\" lon=\"2\"><time>yesterday</time></trkpt></gpx>")
        }
    }

    @Test("NMEA: RMC gives position and date, GGA of the same second altitude and accuracy; bad checksums and void fixes skipped")
    func nmea() throws {
        // The classic examples from the NMEA 0183 descriptions, with their published checksums.
        let log = """
            $GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47
            $GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A
            $GPRMC,123520,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6B
            $GPRMC,123521,V,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W
            $GNRMC,123522.50,A,3351.408,S,15112.918,E,0.0,0.0,230394,,
            $GPGSV,3,1,11,03,03,111,00,04,15,270,00,06,01,010,00,13,06,292,00*74
            garbage line
            """
        let parsed = try NMEALog(text: log)
        #expect(parsed.fixes.count == 2)
        #expect(parsed.rejectedSentences == 1)  // 123520: the checksum does not match
        let first = parsed.fixes[0]
        #expect(abs(first.lat - (48 + 7.038 / 60)) < 1e-9 && abs(first.lon - (11 + 31.0 / 60)) < 1e-9)
        #expect(first.altitude == 545.4 && abs(first.accuracy! - 4.5) < 1e-9)
        #expect(first.time == GPXTrack.parseTime("1994-03-23T12:35:19Z"))
        let south = parsed.fixes[1]
        #expect(south.lat < -33.85 && south.lon > 151.2 && south.altitude == nil)
        #expect(south.time == GPXTrack.parseTime("1994-03-23T12:35:22.500Z"))
        #expect(throws: LocationError.noNMEASentences) { try NMEALog(text: "hello\nworld\n") }
    }
}

@Suite("UUID text")
struct UUIDTextTests {
    @Test("parse and format agree with Foundation; malformed text is refused")
    func roundTrips() {
        for _ in 0..<200 {
            let uuid = UUID()
            #expect(UUIDText.uppercase(uuid) == uuid.uuidString)
            #expect(UUIDText.lowercase(uuid) == uuid.uuidString.lowercased())
            #expect(UUIDText.parse(uuid.uuidString) == uuid && UUIDText.parse(uuid.uuidString.lowercased()) == uuid)
        }
        let good = "3f2a0c1e-9b7d-4c2a-8e1f-0123456789ab"
        #expect(UUIDText.parse(good) == UUID(uuidString: good))
        #expect(UUIDText.parse("/v1/notes/\(good)".dropFirst(10)) == UUID(uuidString: good), "a Substring")
        for bad in ["", "3f2a0c1e", good + "0", String(good.dropLast()), good.replacingOccurrences(of: "-", with: ""),
                    "3f2a0c1e-9b7d-4c2a-8e1f-0123456789ag", "3f2a0c1e-9b7d-4c2a-8e1f0-123456789ab", "3f2a0c1e+9b7d-4c2a-8e1f-0123456789ab",
                    "3f2a0c1e-9b7d-4c2a-8e1f-0123456789aé"] {
            #expect(UUIDText.parse(bad) == nil, "\(bad)")
            #expect(UUID(uuidString: bad) == nil, "\(bad)")
        }
    }
}
