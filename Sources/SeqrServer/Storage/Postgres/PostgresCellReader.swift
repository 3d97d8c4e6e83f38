import PostgresNIO

/// A row's cells read in order, each as its concrete type. postgres-nio's `row.decode((A, B, …).self)`
/// goes through variadic generics that run unspecialised, looking up generic metadata for every
/// column of every row; the hot statements (``PostgresPreparedStatements``) read their rows here
/// instead (docs/benchmarks.md, "The profile, and three changes").
struct PostgresCellReader {
    private var cells: PostgresRow.Iterator
    private let binary: Bool

    /// - Parameter describedByStatement: the row is of a statement prepared with `prepare(query:)`
    ///   (``PostgresReadConnections``). postgres-nio's Bind always asks for binary cells, but such a
    ///   statement keeps the row description of Describe, whose formats are not yet known there and
    ///   read zero (text); its cells are read as binary, as they are.
    init(_ row: PostgresRow, describedByStatement: Bool = false) {
        cells = row.makeIterator()
        binary = describedByStatement
    }

    mutating func next<T: PostgresDecodable>(_: T.Type = T.self) throws -> T {
        guard var cell = cells.next() else { throw RepositoryError.unreadableRow("a row with fewer columns than its statement selects") }
        if binary { cell.format = .binary }
        return try cell.decode(T.self, context: .default)
    }
}
