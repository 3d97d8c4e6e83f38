import Foundation
import SeqrCore
import Testing

/// Inputs the libFuzzer targets (scripts/fuzz, docs/fuzzing.md) found, kept as regression tests.
@Suite("Fuzzer findings")
struct FuzzFindingsTests {
    static let shareID = "bAISevbnkXUKufzu3w6Jqw"
    static let key = Base64URL.encode(Data(repeating: 3, count: 32))

    @Test("a share link with escapes in its path prints back as the same link (note-formats)")
    func shareLinkEscapes() throws {
        // Decoded, %3F and %23 turned the rest of the base into a query or a fragment, and %00
        // into a NUL that no URL parser reads back.
        for path in ["/a%3Fb", "/a%23b", "/a%00b", "/a%2Fb", "/%C3%A9"] {
            let text = "https://seqr.example\(path)/l/\(Self.shareID)#k=\(Self.key)"
            let link = try LocationShareLink(parsing: text)
            #expect(link.description == text)
            #expect(try LocationShareLink(parsing: link.description) == link)
        }
        // The fuzzer's input (after its mode byte): raw bytes, NULs and invalid UTF-8 in the path.
        let found = Data(base64Encoded: "Bmh0dHBzOi8vc2V0dHAvQUFBQUFBcXIuZXhhLy8vLy8vLy8vLy8vLy8vL3RwL0FBu0FBQXFyLmV4YS8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vAgAAAAAAAAAvLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy9sL0FBQUFBQUVBQUFBQUFBQUFBQUFBQUEjaz1Bd01EQXdJbnR3TURBd01Ed01EQXdN")!.dropFirst()
        let link = try LocationShareLink(parsing: Self.canonicalKey(found))
        #expect(try LocationShareLink(parsing: link.description) == link)
    }

    /// The fuzzer's links ended in a key whose last character has unused bits set, which base64url
    /// decoding now refuses as non-canonical; the path is what these tests are about.
    static func canonicalKey(_ found: Data) -> String {
        String(decoding: found, as: UTF8.self).replacingOccurrences(of: "#k=AwMDAwIntwMDAwMDwMDAwM", with: "#k=AwMDAwIntwMDAwMDwMDAwA")
    }

    @Test("NMEA seconds that are not a number, infinite or huge reject the sentence instead of trapping (gps-logs)")
    func nmeaSeconds() throws {
        // Int(Double("nan")!) traps: a hostile log crashed `seqr location push`.
        let log = ["1235nan", "1235inf", "12351e300"].map { "$GPRMC,\($0),A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W" }
        let parsed = try NMEALog(text: log.joined(separator: "\n"))
        #expect(parsed.fixes.isEmpty)
        #expect(parsed.rejectedSentences == 3)
    }

    @Test("the second share link the fuzzer found, a path of empty segments, round-trips (note-formats)")
    func shareLinkEmptySegments() throws {
        let found = Data(base64Encoded: "Bmh0dHBzOi8vc2V0dHAvLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vbC9BQUFBQUFBQUFBQUFBQUFBQUFBQUFBI2s9QXdNREF3SW50d01EQXdNRHdNREF3TQ==")!.dropFirst()
        let link = try LocationShareLink(parsing: Self.canonicalKey(found))
        #expect(link.description.hasPrefix("https://settp/"))
        #expect(try LocationShareLink(parsing: link.description) == link)
    }

    @Test("a GPX time with dozens of fraction digits is refused, not handed to ICU, which dies of SIGFPE (gps-logs)")
    func gpxLongFraction() throws {
        let time = "2026-11-23T10:00:05.2588888888888888888888888888888888888888888888888888888880Z"
        #expect(GPXTrack.parseTime(time) == nil)
        #expect(throws: LocationError.badGPXPoint(index: 0, reason: "time \"\(time)\" is not ISO 8601")) {
            try GPXTrack.fixes(in: "<gpx><trkpt lat=\"1\" lon=\"2\"><time>\(time)</time></trkpt></gpx>")
        }
        // Nanoseconds still read.
        #expect(GPXTrack.parseTime("2026-11-23T10:00:05.123456789Z") != nil)
    }

    @Test("a health card QR text claiming a billion chunks is refused at once, not answered with a billion missing numbers (jws)")
    func shcChunkCount() throws {
        #expect(throws: SmartHealthCardError.inconsistentChunks("bad chunk numbers in shc:/1/+78888728…")) {
            try SmartHealthCard.jws(fromQRContents: ["shc:/1/+788887280/"])
        }
        #expect(throws: SmartHealthCardError.self) { try SmartHealthCard.jws(fromQRContents: ["shc:/1/100/56"]) }
        #expect(throws: SmartHealthCardError.missingChunks(count: 2, first: [2, 3], total: 3)) { try SmartHealthCard.jws(fromQRContents: ["shc:/1/3/56"]) }
    }
}
