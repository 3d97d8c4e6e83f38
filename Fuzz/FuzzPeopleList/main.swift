import Foundation
import FuzzSupport
import SeqrCore

// The list `seqr location follow --people FILE` reads (LocationPeopleList): a file from anyone.
// The first byte is how many entries the command line gave before the file (0–63). Checks, against
// a reference reading written here on the bytes (lines split at LF, a CR before it dropped, a
// leading byte-order mark dropped, each line trimmed as the command trims it): the same entries
// with the same line numbers, refused exactly when not UTF-8, over the size or over the entry limit;
// each entry's NAME=LINK split gives a name without `/` or `:` that joins back to the entry; and
// each link is read as the command reads it (LocationShareLink), a link that reads printing one
// that reads back the same.
func reference(_ bytes: ArraySlice<UInt8>, given: Int) -> [LocationPeopleList.Entry]? {
    guard bytes.count <= LocationPeopleList.maximumBytes, String(validating: bytes, as: UTF8.self) != nil else { return nil }
    var bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    var entries: [LocationPeopleList.Entry] = []
    for (index, var line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
        if line.last == 0x0D { line = line.dropLast() }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, !text.hasPrefix("#") else { continue }
        entries.append(LocationPeopleList.Entry(line: index + 1, text: text))
    }
    return entries
}

runFuzzer { bytes in
    let given = Int(bytes.first ?? 0) % 64
    let file = bytes.dropFirst()
    let result = Result { () throws(LocationPeopleList.Error) in try LocationPeopleList(parsing: file, alreadyGiven: given) }
    let expected = reference(file, given: given)
    switch result {
    case .success(let list):
        fuzzCheck(list.entries == expected, "the entries \(list.entries) are not the lines' \(expected.map { "\($0)" } ?? "refusal")")
        fuzzCheck(given + list.entries.count <= LocationPeopleList.maximumEntries, "\(given) + \(list.entries.count) entries accepted")
        for entry in list.entries {
            let (name, source) = LocationPeopleList.nameAndSource(of: entry.text)
            if let name {
                fuzzCheck(!name.isEmpty && !name.contains("/") && !name.contains(":") && !name.contains("="), "the name \(name)")
                fuzzCheck(name + "=" + source == entry.text, "\(name) and \(source) do not make \(entry.text)")
            } else {
                fuzzCheck(source == entry.text, "no name, but \(source) is not \(entry.text)")
            }
            if let link = try? LocationShareLink(parsing: source) {
                fuzzCheck((try? LocationShareLink(parsing: link.description)) == link, "the link \(link) does not read back")
            }
        }
    case .failure(.tooLarge):
        fuzzCheck(file.count > LocationPeopleList.maximumBytes, "\(file.count) bytes refused as too large")
    case .failure(.notUTF8):
        fuzzCheck(expected == nil, "UTF-8 refused")
    case .failure(.tooManyEntries(let maximum)):
        fuzzCheck(maximum == LocationPeopleList.maximumEntries, "the limit \(maximum)")
        fuzzCheck(given + (expected?.count ?? 0) > maximum, "\(given) + \(expected?.count ?? 0) entries refused as too many")
    }
}
