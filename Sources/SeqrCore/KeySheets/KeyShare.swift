/// One key sheet's share: a SLIP-0039 share (satoshilabs/slips slip-0039.md), as words and as the
/// bytes of its QR code. Both forms carry the same bits:
///
/// | bits | field |
/// | --- | --- |
/// | 15 | identifier: random, the same on every share of one backup |
/// | 1 | extendable-backup flag (1 on shares Seqr makes) |
/// | 4 | iteration exponent e: the Feistel rounds run PBKDF2 2500·2ᵉ times each |
/// | 4 | group index |
/// | 4 | group threshold − 1 (0: Seqr makes one group) |
/// | 4 | group count − 1 |
/// | 4 | member index: the share's number − 1 |
/// | 4 | member threshold − 1: k − 1 |
/// | 10·⌈8n/10⌉ | zero bits, then the n-byte share value |
/// | 30 | RS1024 checksum over all of the above ("shamir_extendable", or "shamir" when the flag is 0) |
///
/// Words are these bits in 10-bit groups, each an index into `SLIP39Wordlist`: 20 words for a
/// 16-byte key, 33 for a 32-byte key. The QR form is ``codeMagic``, ``codeVersion``, then the same
/// 10-bit groups packed big-endian and zero-filled to a whole byte (25 + 3 bytes, 42 + 3 bytes).
/// With k ≥ 2 a share alone reveals nothing about the key (see ``KeySheets`` for k − 1 of them);
/// a 1-of-1 share is the key itself, encrypted only under the passphrase if one was given.
public struct KeyShare: Sendable, CustomStringConvertible {
    /// The first bytes of a share's QR code form ("KS").
    public static let codeMagic: [UInt8] = Array("KS".utf8)
    /// The version byte of the QR code form.
    public static let codeVersion: UInt8 = 1
    static let metadataWords = 7                    // 2 identifier words, 2 parameter words, 3 check words
    static let minimumWords = metadataWords + 13    // a 128-bit value takes 13 words
    /// A 256-bit value: the longest SLIP-0039 tools write. Longer shares would only make a forged
    /// sheet cost more PBKDF2 work (each Feistel round derives half the value's length).
    static let maximumWords = metadataWords + 26

    /// The backup's random 15-bit id, the same on all its shares.
    public let identifier: Int
    /// SLIP-0039's extendable flag (always set by Seqr).
    public let extendable: Bool
    /// SLIP-0039's e: 2500·2^e PBKDF2 rounds per Feistel round.
    public let iterationExponent: Int
    /// The group this share belongs to (0 in Seqr's one group).
    public let groupIndex: Int
    /// How many groups restore the key (1 in Seqr).
    public let groupThreshold: Int
    /// How many groups there are (1 in Seqr).
    public let groupCount: Int
    /// The share's place in its group, from 0 (``number`` is from 1).
    public let memberIndex: Int
    /// How many shares of the group restore it.
    public let memberThreshold: Int
    /// The share's y values, one per byte of the (encrypted) key: secret.
    let value: [UInt8]

    init(identifier: Int, extendable: Bool, iterationExponent: Int, groupIndex: Int = 0, groupThreshold: Int = 1,
         groupCount: Int = 1, memberIndex: Int, memberThreshold: Int, value: [UInt8]) {
        precondition((0..<(1 << 15)).contains(identifier) && (0..<16).contains(iterationExponent)
            && (0..<16).contains(groupIndex) && (1...16).contains(groupThreshold) && (1...16).contains(groupCount)
            && (0..<16).contains(memberIndex) && (1...16).contains(memberThreshold) && value.count % 2 == 0)
        self.identifier = identifier
        self.extendable = extendable
        self.iterationExponent = iterationExponent
        self.groupIndex = groupIndex
        self.groupThreshold = groupThreshold
        self.groupCount = groupCount
        self.memberIndex = memberIndex
        self.memberThreshold = memberThreshold
        self.value = value
    }

    /// The share's number as printed on its sheet, from 1.
    public var number: Int { memberIndex + 1 }

    /// "share 2, any 3 restore, backup 12345": what a sheet says about itself (not the value).
    public var description: String { "share \(number), any \(memberThreshold) restore, backup \(identifier)" }

    // MARK: Words

    /// The share as words, to print on the sheet and type back with ``init(words:)``.
    public var words: [String] { wordIndices().map(SLIP39Wordlist.word) }

    /// The words separated by spaces.
    public var mnemonic: String { words.joined(separator: " ") }

    /// A share typed back from its words (any case).
    public init(words: [String]) throws(KeySheetError) {
        guard words.count <= Self.maximumWords else { throw .invalidWordCount(words.count) }
        var indices: [Int] = []
        for (position, word) in words.enumerated() {
            guard let index = SLIP39Wordlist.index(of: word) else {
                throw .wordNotInWordlist(position: position + 1, word: word)
            }
            indices.append(index)
        }
        try self.init(wordIndices: indices)
    }

    /// A share from text with its words separated by spaces or line breaks (a typed words file).
    public init(mnemonic: String) throws(KeySheetError) {
        try self.init(words: mnemonic.split(whereSeparator: \.isWhitespace).map(String.init))
    }

    // MARK: QR code bytes

    /// The bytes for the sheet's QR code: magic, version, the words' 10-bit groups packed.
    public func serialized() -> [UInt8] {
        let bits = Self.bits(of: wordIndices(), width: SLIP39Wordlist.radixBits)
        let fill = [UInt8](repeating: 0, count: (8 - bits.count % 8) % 8)
        return Self.codeMagic + [Self.codeVersion] + Self.values(of: bits + fill, width: 8).map(UInt8.init)
    }

    /// A share from the bytes of its QR code.
    public init(parsing bytes: [UInt8]) throws(KeySheetError) {
        guard bytes.starts(with: Self.codeMagic) else { throw .notAKeySheetCode }
        guard bytes.count > Self.codeMagic.count else { throw .invalidCodeLength(bytes.count) }
        let version = bytes[Self.codeMagic.count]
        guard version == Self.codeVersion else { throw .unsupportedVersion(version) }
        let body = bytes.dropFirst(Self.codeMagic.count + 1)
        let bits = Self.bits(of: body.map(Int.init), width: 8)
        let wordCount = bits.count / SLIP39Wordlist.radixBits
        let fill = bits[(wordCount * SLIP39Wordlist.radixBits)...]
        // Exactly the bytes the words need, and the fill bits zero: one share has one code.
        guard (wordCount * SLIP39Wordlist.radixBits + 7) / 8 == body.count, fill.allSatisfy({ $0 == 0 }),
              Self.isValidWordCount(wordCount) else {
            throw .invalidCodeLength(bytes.count)
        }
        try self.init(wordIndices: Self.values(of: bits[..<(wordCount * SLIP39Wordlist.radixBits)], width: SLIP39Wordlist.radixBits))
    }

    /// A share from whatever a restore was handed: the bytes of a scanned sheet code, or a text
    /// (file or QR code) holding its words. Which one is told by the magic: no word begins "ks".
    public init(reading contents: [UInt8]) throws(KeySheetError) {
        if contents.starts(with: Self.codeMagic) {
            // `zbarimg --raw` of a sheet, saved to a file, may end in one newline that is not the code's.
            if contents.last == 0x0A, (try? Self(parsing: contents)) == nil {
                try self.init(parsing: Array(contents.dropLast()))
            } else {
                try self.init(parsing: contents)
            }
            return
        }
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]   // as some editors begin a UTF-8 file
        let body = contents.starts(with: byteOrderMark) ? Array(contents.dropFirst(3)) : contents
        guard let text = String(validating: body, as: UTF8.self), !text.allSatisfy(\.isWhitespace) else {
            throw .notAKeySheetCode
        }
        try self.init(mnemonic: text)
    }

    // MARK: The 10-bit groups

    func wordIndices() -> [Int] {
        let head = identifier << 5 | (extendable ? 1 : 0) << 4 | iterationExponent
        let parameters = groupIndex << 16 | (groupThreshold - 1) << 12 | (groupCount - 1) << 8 | memberIndex << 4 | (memberThreshold - 1)
        let valueBits = Self.bits(of: value.map(Int.init), width: 8)
        let valueWords = (valueBits.count + 9) / 10
        let padding = [UInt8](repeating: 0, count: valueWords * 10 - valueBits.count)
        let data = [head >> 10, head & 1023, parameters >> 10, parameters & 1023] + Self.values(of: padding + valueBits, width: 10)
        return data + RS1024.checksum(data, extendable: extendable)
    }

    init(wordIndices words: [Int]) throws(KeySheetError) {
        guard Self.isValidWordCount(words.count) else { throw .invalidWordCount(words.count) }
        let valueBitCount = (words.count - Self.metadataWords) * 10
        let head = words[0] << 10 | words[1]
        let extendable = head >> 4 & 1 == 1
        guard RS1024.verify(words, extendable: extendable) else { throw .checksumMismatch }
        let parameters = words[2] << 10 | words[3]
        let groupThreshold = (parameters >> 12 & 15) + 1, groupCount = (parameters >> 8 & 15) + 1
        guard groupThreshold <= groupCount else { throw .groupThresholdExceedsCount(threshold: groupThreshold, count: groupCount) }
        let bits = Self.bits(of: Array(words[4..<(words.count - RS1024.checksumLength)]), width: 10)
        let padding = valueBitCount % 16
        guard bits.prefix(padding).allSatisfy({ $0 == 0 }) else { throw .invalidPadding }
        self.init(identifier: head >> 5, extendable: extendable, iterationExponent: head & 15,
                  groupIndex: parameters >> 16, groupThreshold: groupThreshold, groupCount: groupCount,
                  memberIndex: parameters >> 4 & 15, memberThreshold: (parameters & 15) + 1,
                  value: Self.values(of: bits[padding...], width: 8).map(UInt8.init))
    }

    /// A 128- to 256-bit value, and at most 8 padding bits before it (more would be a whole byte).
    static func isValidWordCount(_ count: Int) -> Bool {
        (minimumWords...maximumWords).contains(count) && (count - metadataWords) * 10 % 16 <= 8
    }

    /// Big-endian bits (one per element) of `values`, `width` bits each.
    static func bits(of values: [Int], width: Int) -> [UInt8] {
        values.flatMap { value in (0..<width).reversed().map { UInt8(value >> $0 & 1) } }
    }

    /// `bits` regrouped big-endian into values of `width` bits. - Precondition: a whole number of values.
    static func values(of bits: some Collection<UInt8>, width: Int) -> [Int] {
        precondition(bits.count % width == 0)
        var values: [Int] = [], value = 0, filled = 0
        for bit in bits {
            value = value << 1 | Int(bit)
            filled += 1
            if filled == width { values.append(value); value = 0; filled = 0 }
        }
        return values
    }
}

extension KeyShare: Equatable {
    /// Equal shares have equal parameters and values; the values are compared in constant time.
    public static func == (a: KeyShare, b: KeyShare) -> Bool {
        guard a.identifier == b.identifier, a.extendable == b.extendable, a.iterationExponent == b.iterationExponent,
              a.groupIndex == b.groupIndex, a.groupThreshold == b.groupThreshold, a.groupCount == b.groupCount,
              a.memberIndex == b.memberIndex, a.memberThreshold == b.memberThreshold
        else { return false }
        return constantTimeEqual(a.value, b.value)
    }
}
