import Foundation
import SeqrTestSupport
import Testing

/// Where a message was scanned is a place on the globe or nothing, and scanning it again is a
/// sighting of the same message.
@Suite("seqr scan places and sightings")
struct ScanPlaceCLITests {
    @Test("--lat/--lon out of range or alone are refused in one line, storing nothing; a rescan is one message with several sightings")
    func placesAndSightings() throws {
        let directory = try TemporaryDirectory()
        let channel = try SubscribedChannel(in: directory)
        let alice = channel.alice, bob = channel.bob
        #expect(try SeqrBinary.run("post", "Garden", "--text", "hi", "-o", directory.file("msg.png"), "--store", alice).status == 0)

        for place in [["--lat", "100", "--lon", "8"], ["--lat", "47", "--lon", "181"], ["--lat", "47"], ["--lon", "8"], ["--lat", "nan", "--lon", "8"], ["--lat", "47", "--lon", "inf"]] {
            let refused = try SeqrBinary.run(["scan", directory.file("msg.png"), "--store", bob] + place)
            #expect(refused.status != 0 && refused.errorLines.count == 1 && refused.stdout.isEmpty, "\(place): \(refused.stderr)")
        }
        #expect(try SeqrBinary.run("history", "--store", bob).stdoutText.contains("no messages"))

        for place in [["--lat", "47.37", "--lon", "8.54"], ["--lat=-33.86", "--lon", "151.2"], []] {
            let scanned = try SeqrBinary.run(["scan", directory.file("msg.png"), "--store", bob] + place)
            #expect(scanned.status == 0, "\(scanned.stderr)")
        }
        let history = try SeqrBinary.run("history", "--json", "--store", bob)
        let rows = try #require(try JSONSerialization.jsonObject(with: history.stdout) as? [[String: Any]])
        #expect(rows.count == 1, "\(history.stdoutText)")
        let sightings = rows.first?["sightings"] as? [[String: Any]]
        #expect(sightings?.map { $0["latitude"] as? Double } == [47.37, -33.86, nil], "\(history.stdoutText)")
        #expect(try SeqrBinary.run("history", "--store", bob).stdoutText.contains("seen 3×"))
    }
}
