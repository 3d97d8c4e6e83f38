import Foundation
import FuzzSupport
#if canImport(Glibc)
import Glibc
#endif

// seqr-server's reading of `X-Forwarded-For` behind a trusted proxy (TrustedProxies, compiled in
// from Sources/SeqrServer by symlink: SeqrServer under the sanitizer would build Hummingbird,
// PostgresNIO and GRDB for one file). Whoever is behind the proxy writes every byte of the header.
// Input: line 1 the peer, line 2 the trusted proxies (comma-separated), the other lines one
// `X-Forwarded-For` header each. Checks:
// - each entry reads as a reference reading does: glibc's inet_pton and inet_ntop on the address,
//   with the port and brackets taken off by rules written out here, not by the server's code;
// - the client address is nil when the peer is not trusted, else the right-most entry that is not
//   a trusted proxy (or the nearest trusted one when every readable entry is), and never an entry
//   left of an unreadable one (those were written by the client).

/// The reference: the canonical text of an IPv4 or IPv6 address, or nil.
func canonical(_ text: Substring, family: Int32) -> String? {
    guard !text.isEmpty, text.utf8.count <= 64, !text.contains("\0") else { return nil }
    var buffer = [UInt8](repeating: 0, count: 16)
    guard inet_pton(family, String(text), &buffer) == 1 else { return nil }
    var out = [CChar](repeating: 0, count: 64)
    guard inet_ntop(family, buffer, &out, 64) != nil else { return nil }
    return String(cString: out)
}

func isPort(_ text: Substring) -> Bool {
    (1...5).contains(text.count) && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
}

func referenceEntry(_ entry: Substring) -> String? {
    let text = Substring(entry.trimmingCharacters(in: .whitespaces))
    if text.first == "[" {
        guard let close = text.firstIndex(of: "]") else { return nil }
        let rest = text[text.index(after: close)...]
        guard rest.isEmpty || (rest.first == ":" && isPort(rest.dropFirst())) else { return nil }
        return canonical(text[text.index(after: text.startIndex)..<close], family: AF_INET6)
    }
    if let v4 = canonical(text, family: AF_INET) { return v4 }
    if let v6 = canonical(text, family: AF_INET6) { return v6 }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    if parts.count == 2, isPort(parts[1]) { return canonical(parts[0], family: AF_INET) }
    return nil
}

func referenceAddress(_ text: some StringProtocol) -> String? {
    let trimmed = Substring(text.trimmingCharacters(in: .whitespaces))
    return canonical(trimmed, family: AF_INET) ?? canonical(trimmed, family: AF_INET6)
}

runFuzzer { bytes in
    let text = String(decoding: bytes, as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let peer = lines.first.map(String.init)
    let proxyTexts = lines.count > 1 ? lines[1].split(separator: ",").map(String.init) : []
    let headers = lines.dropFirst(2).map(String.init)

    for header in headers {
        for entry in header.split(separator: ",") {
            let ours = TrustedProxies.forwardedAddress(entry)
            let theirs = referenceEntry(entry)
            fuzzCheck(ours == theirs, "entry \(entry.debugDescription): \(ours ?? "nil") != reference \(theirs ?? "nil")")
        }
    }

    guard let proxies = try? TrustedProxies(proxyTexts) else {
        fuzzCheck(proxyTexts.contains { referenceAddress($0) == nil }, "a list of addresses refused: \(proxyTexts)")
        return
    }
    let trusted = Set(proxyTexts.compactMap { referenceAddress($0) })
    let client = proxies.clientAddress(peer: peer, forwardedFor: headers)
    guard let peerAddress = peer.flatMap({ referenceAddress($0) }), trusted.contains(peerAddress) else {
        fuzzCheck(client == nil, "an untrusted peer's header believed: \(client ?? "")")
        return
    }
    var expected: String?
    for entry in headers.flatMap({ $0.split(separator: ",") }).reversed() {
        guard let address = referenceEntry(entry) else { break }
        expected = address
        if !trusted.contains(address) { break }
    }
    fuzzCheck(client == expected, "client \(client ?? "nil") != reference \(expected ?? "nil") for \(headers)")
}
