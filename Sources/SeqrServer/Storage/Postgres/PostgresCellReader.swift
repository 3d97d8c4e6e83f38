import PostgresNIO

/// A row's cells read in order, each as its concrete type. postgres-nio's `row.decode((A, B, …).self)`
/// goes through variadic generics that run unspecialised, looking up generic metadata for every
/// column of every row; the hot statements (``PostgresPreparedStatements``) read their rows here
/// instead (docs/benchmarks.md, "The profile, and three changes").
struct PostgresCellReader {
    private var cells: PostgresRow.Iterator

    init(_ row: PostgresRow) { cells = row.makeIterator() }

    mutating func next<T: PostgresDecodable>(_: T.Type = T.self) throws -> T {
        guard let cell = cells.next() else { throw RepositoryError.unreadableRow("a row with fewer columns than its statement selects") }
        return try cell.decode(T.self, context: .default)
    }
}
