import Foundation
import FuzzSupport
import SeqrCore

// GPX tracks and NMEA logs, the files `seqr location push` reads.
let fixedNow = Date(timeIntervalSince1970: 1_800_000_000)

runFuzzer { bytes in
    let text = String(decoding: bytes, as: UTF8.self)
    _ = try? GPXTrack.fixes(in: text, defaultTime: fixedNow)
    _ = try? NMEALog(text: text)
}
