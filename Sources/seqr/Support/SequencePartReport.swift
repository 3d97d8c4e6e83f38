/// Where a part of a structured-append sequence joined across pages or files was read, as
/// `decode --json` and `scan --json` list it (docs/cli-json.md).
struct SequencePartReport: Encodable {
    let file: String
    /// The page (from 1) when the file has several.
    let page: Int?
    /// The part's place in the sequence, from 1 as people count.
    let part: Int
}
