import Foundation
import FuzzSupport
import SeqrCore

// The live-feed client's reading of what a server sends (ServerSentEventParser, LiveFeedEvent and
// ServerClientError, compiled in from Sources/SeqrCloudClient by symlink: the client's HTTP stack
// under the sanitizer would cost minutes of build for three files). A hostile or broken server
// controls every byte. Checks: the events do not depend on how the bytes are cut into chunks (up to a refusal), no
// event's data is over the event cap, and an event written back as event-stream text reads back the same.
// The first byte's low 3 bits are the number of cuts; its high 5 bits choose the event cap: 0 for
// the client's own (256 KiB), else that many times 64 bytes, so that short inputs reach the cap.
func events(_ bytes: ArraySlice<UInt8>, cuts: [Int], cap: Int) -> (events: [ServerSentEventParser.Event], failed: Bool) {
    var parser = ServerSentEventParser(maxEventSize: cap)
    var events: [ServerSentEventParser.Event] = []
    var start = bytes.startIndex
    do {
        for cut in cuts + [bytes.count] {
            let end = min(bytes.endIndex, max(start, bytes.startIndex + cut))
            events += try parser.feed(bytes[start..<end])
            start = end
        }
    } catch {
        return (events, true)
    }
    return (events, false)
}

func written(_ event: ServerSentEventParser.Event) -> [UInt8] {
    var text = event.id.map { "id: \($0)\n" } ?? ""
    text += "event: \(event.name)\n"
    for line in event.data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
    return Array((text + "\n").utf8)
}

runFuzzer { bytes in
    var input = FuzzInput(bytes)
    let first = input.byte()
    let cutCount = Int(first % 8)
    let cap = first < 8 ? ServerSentEventParser.maxEventSize : Int(first / 8) * 64
    let cuts = (0..<cutCount).map { _ in Int(input.uint16()) }.sorted()
    let stream = bytes.dropFirst(1 + 2 * cutCount)
    let whole = events(stream, cuts: [], cap: cap)
    let chunked = events(stream, cuts: cuts, cap: cap)
    // A refusal drops the events its chunk completed before it (the caller drops the connection and
    // resumes after the last event it took), so cut input may deliver more of them first.
    fuzzCheck(whole.failed == chunked.failed && (whole.failed ? chunked.events.starts(with: whole.events) : whole.events == chunked.events),
              "chunking changed the events: \(whole) vs \(chunked)")
    for event in whole.events {
        fuzzCheck(event.data.utf8.count <= cap, "an event of \(event.data.utf8.count) bytes passed the cap of \(cap)")
        // Never a crash, and only the client's own error.
        do { _ = try LiveFeedEvent.decode(event) } catch { fuzzCheck(error is ServerClientError, "only the client's own error: \(error)") }
        // Written back with its own field names, an event may take a few bytes more than it did: its cap is its size.
        let text = written(event)
        let again = events(text[...], cuts: [], cap: max(cap, text.count))
        fuzzCheck(!again.failed && again.events == [event], "\(event) written and read again: \(again)")
    }
}
