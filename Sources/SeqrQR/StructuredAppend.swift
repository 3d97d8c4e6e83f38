import Foundation

/// A symbol's place in a structured-append sequence: a payload too long for one symbol split
/// over up to 16 QR codes (or several Data Matrix / PDF417 symbols), each saying its index, the
/// count, and what the symbols of one sequence share (for QR, the parity: the XOR of every byte
/// of the whole payload).
public struct StructuredAppend: Equatable, Hashable, Sendable {
    /// From 0.
    public let index: Int
    /// How many symbols the sequence has; 0 when the symbol does not say (PDF417).
    public let count: Int
    public let id: String

    public init(index: Int, count: Int, id: String) {
        self.index = index
        self.count = count
        self.id = id
    }
}

/// What the symbols of one sequence share.
private struct SequenceKey: Hashable {
    let id: String
    let count: Int
    let format: BarcodeFormat
}

extension [DecodedSymbol] {
    /// The symbols with every complete structured-append sequence joined into one symbol: the
    /// parts' payloads in index order, at the first part's corners, with `joinedParts` set.
    /// A sequence with a part missing stays as its parts, as does a QR sequence whose joined
    /// payload does not have the parity its symbols state (parts of two different sequences), and
    /// a sequence with two different parts in one place: the 8-bit parity is easy to match, so
    /// which part belongs is not for Seqr to guess — all of them are shown.
    public func joiningStructuredAppend() -> [DecodedSymbol] {
        var groups: [SequenceKey: [Int: DecodedSymbol]] = [:]
        var conflicting: Set<SequenceKey> = []
        for symbol in self {
            guard let sequence = symbol.sequence, sequence.count > 0, (0..<sequence.count).contains(sequence.index) else { continue }
            let key = SequenceKey(id: sequence.id, count: sequence.count, format: symbol.format)
            if let seen = groups[key]?[sequence.index], seen.payload != symbol.payload { conflicting.insert(key) }
            groups[key, default: [:]][sequence.index] = symbol
        }
        var joined: [SequenceKey: DecodedSymbol] = [:]
        for (key, parts) in groups where parts.count == key.count && !conflicting.contains(key) {
            let ordered = (0..<key.count).compactMap { parts[$0] }
            let payload = ordered.reduce(into: Data()) { $0 += $1.payload }
            if key.format == .qr, let parity = UInt8(key.id), payload.reduce(0, ^) != parity { continue }
            let first = ordered[0]
            joined[key] = DecodedSymbol(payload: payload, corners: first.corners, version: first.version,
                                        errorCorrection: first.errorCorrection, inverted: first.inverted,
                                        format: first.format, joinedParts: key.count)
        }
        guard !joined.isEmpty else { return self }
        // The joined symbol takes the place of its first part, once; the other parts go.
        var placed: Set<SequenceKey> = []
        return compactMap { symbol in
            guard let sequence = symbol.sequence else { return symbol }
            let key = SequenceKey(id: sequence.id, count: sequence.count, format: symbol.format)
            guard let whole = joined[key] else { return symbol }
            guard sequence.index == 0, placed.insert(key).inserted else { return nil }
            return whole
        }
    }
}
