/// The 1024 words of SLIP-0039: word i stands for the 10-bit value i. Words are looked up
/// case-insensitively, whole or by a beginning of at least four letters (the list makes the first
/// four unique, so "acad" and "academ" can only mean "academic"); anything else is an error, never
/// a guess (SLIP-0039 asks implementations not to correct mnemonics automatically).
///
/// Index ↔ word runs once when a sheet is printed or typed, on the owner's machine; it indexes an
/// array and a dictionary by share words, which a local attacker timing caches could in principle
/// observe, but such an attacker on that machine can read the printed words or the key anyway.
enum SLIP39Wordlist {
    static let radixBits = 10

    static let uniquePrefixLength = 4

    private static let byPrefix: [String: Int] = Dictionary(uniqueKeysWithValues: words.enumerated().map {
        (String($1.prefix(uniquePrefixLength)), $0)
    })

    static func word(_ index: Int) -> String { words[index] }

    /// The index of `typed`: a whole word or its first four or more letters, any case.
    static func index(of typed: some StringProtocol) -> Int? {
        let typed = typed.lowercased()
        guard typed.count >= uniquePrefixLength, let index = byPrefix[String(typed.prefix(uniquePrefixLength))],
              words[index].hasPrefix(typed) else { return nil }
        return index
    }
}
