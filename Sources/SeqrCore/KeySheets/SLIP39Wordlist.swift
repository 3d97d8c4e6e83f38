/// The 1024 words of SLIP-0039: word i stands for the 10-bit value i. Words are looked up whole and
/// case-insensitively; a word outside the list is an error, never a guess (SLIP-0039 asks
/// implementations not to correct mnemonics automatically).
///
/// Index ↔ word runs once when a sheet is printed or typed, on the owner's machine; it indexes an
/// array and a dictionary by share words, which a local attacker timing caches could in principle
/// observe, but such an attacker on that machine can read the printed words or the key anyway.
enum SLIP39Wordlist {
    static let radixBits = 10

    private static let indices: [String: Int] = Dictionary(uniqueKeysWithValues: words.enumerated().map { ($1, $0) })

    static func word(_ index: Int) -> String { words[index] }

    static func index(of word: some StringProtocol) -> Int? { indices[word.lowercased()] }
}
