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
    /// What the symbols of one sequence share (for QR, the payload's parity), as text.
    public let id: String

    /// A symbol's place in a sequence.
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

    init?(_ symbol: DecodedSymbol) {
        guard let sequence = symbol.sequence, sequence.count > 0, (0..<sequence.count).contains(sequence.index) else { return nil }
        (id, count, format) = (sequence.id, sequence.count, symbol.format)
    }
}

/// A structured-append sequence read whole from symbols found in several places (pictures, pages).
public struct JoinedSequence<Origin: Sendable>: Sendable {
    /// The joined symbol: the parts' payloads in index order, at the first part's corners, `joinedParts` set.
    public let symbol: DecodedSymbol
    /// Where each part was found, in sequence order (the first place a part was seen, when seen twice).
    public let parts: [Origin]
    /// The positions in the input of every symbol of the sequence, copies of a part included.
    public let members: [Int]
}

/// The complete, consistent sequences among `symbols`: every part present, never two different
/// payloads in one place, and for QR the joined payload's parity the one the symbols state. In
/// the order of each sequence's first part 0; `chosen` holds the position of each part used.
private func completeSequences(_ symbols: [DecodedSymbol]) -> [(symbol: DecodedSymbol, chosen: [Int], members: [Int])] {
    var groups: [SequenceKey: [Int: Int]] = [:]
    var members: [SequenceKey: [Int]] = [:]
    var conflicting: Set<SequenceKey> = []
    for (position, symbol) in symbols.enumerated() {
        guard let key = SequenceKey(symbol), let index = symbol.sequence?.index else { continue }
        members[key, default: []].append(position)
        if let seen = groups[key]?[index] {
            if symbols[seen].payload != symbol.payload { conflicting.insert(key) }
        } else {
            groups[key, default: [:]][index] = position
        }
    }
    var complete: [(symbol: DecodedSymbol, chosen: [Int], members: [Int])] = []
    for (key, parts) in groups where parts.count == key.count && !conflicting.contains(key) {
        let chosen = (0..<key.count).compactMap { parts[$0] }
        var payload = Data()
        var blocks = symbols[chosen[0]].encodingBlocks
        for (order, position) in chosen.enumerated() {
            if order > 0 { blocks = blocks.appending(symbols[position].encodingBlocks, after: payload.count) }
            payload += symbols[position].payload
        }
        if key.format == .qr, let parity = UInt8(key.id), payload.reduce(0, ^) != parity { continue }
        let first = symbols[chosen[0]]
        let joined = DecodedSymbol(payload: payload, corners: first.corners, version: first.version,
                                   errorCorrection: first.errorCorrection, inverted: first.inverted,
                                   format: first.format, joinedParts: key.count, encodingBlocks: blocks)
        complete.append((joined, chosen, members[key] ?? []))
    }
    return complete.sorted { $0.chosen[0] < $1.chosen[0] }
}

extension [DecodedSymbol] {
    /// The symbols with every complete structured-append sequence joined into one symbol: the
    /// parts' payloads in index order, at the first part's corners, with `joinedParts` set.
    /// A sequence with a part missing stays as its parts, as does a QR sequence whose joined
    /// payload does not have the parity its symbols state (parts of two different sequences), and
    /// a sequence with two different parts in one place: the 8-bit parity is easy to match, so
    /// which part belongs is not for Seqr to guess — all of them are shown.
    public func joiningStructuredAppend() -> [DecodedSymbol] {
        let complete = completeSequences(self)
        guard !complete.isEmpty else { return self }
        // The joined symbol takes the place of its first part, once; the other parts go.
        var replaced: [Int: DecodedSymbol] = [:]
        var removed: Set<Int> = []
        for sequence in complete {
            replaced[sequence.chosen[0]] = sequence.symbol
            removed.formUnion(sequence.members)
        }
        return enumerated().compactMap { position, symbol in
            if let whole = replaced[position] { return whole }
            return removed.contains(position) ? nil : symbol
        }
    }
}

extension StructuredAppend {
    /// The sequences whose parts are spread over several places (the pictures of one command, say),
    /// joined under the same rules as `joiningStructuredAppend`: every part present, never two
    /// different parts in one place, the parity right. Parts of sequences not joined are not returned.
    public static func joinAcross<Origin: Sendable>(_ parts: [(symbol: DecodedSymbol, origin: Origin)]) -> [JoinedSequence<Origin>] {
        completeSequences(parts.map(\.symbol)).map { sequence in
            JoinedSequence(symbol: sequence.symbol, parts: sequence.chosen.map { parts[$0].origin }, members: sequence.members)
        }
    }
}
