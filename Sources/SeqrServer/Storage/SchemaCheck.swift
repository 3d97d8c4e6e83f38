import Foundation
import GRDB

/// What a database holds (its recorded migrations), read before the server migrates it or a restore puts it in place:
/// a fresh (empty) database, a Seqr database at a schema this build knows (perhaps older: its
/// pending migrations run at start), or a refusal (``DatabaseCheckError``) that changes nothing.
public struct SchemaCheck: Equatable, Sendable {
    /// The Seqr migrations the file records, in ``Schema`` order.
    public let applied: [String]
    /// The migrations this build would apply at start.
    public var pending: [String] { Schema.migrations.map(\.name).filter { !applied.contains($0) } }

    /// The verdict on one open database. `path` only names it in the error.
    static func check(_ db: Database, path: String) throws -> SchemaCheck {
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        guard tables.contains("grdb_migrations") else {
            // Nothing at all: a database the first start creates. Anything else is someone else's file.
            if tables.isEmpty { return SchemaCheck(applied: []) }
            throw DatabaseCheckError.notSeqr(path: path)
        }
        let recorded = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
        return try verdict(recorded: recorded, otherTables: tables.filter { $0 != "grdb_migrations" }, path: path)
    }

    /// Shared with PostgreSQL's `seqr_migrations`: the first migration must be there (another GRDB
    /// application records its own names), and every name must be known (else a newer Seqr wrote it).
    static func verdict(recorded: [String], otherTables: [String], path: String) throws -> SchemaCheck {
        let known = Schema.migrations.map(\.name)
        if recorded.isEmpty && otherTables.isEmpty { return SchemaCheck(applied: []) }
        guard let first = known.first, recorded.contains(first) else { throw DatabaseCheckError.notSeqr(path: path) }
        let unknown = recorded.filter { !known.contains($0) }.sorted()
        guard unknown.isEmpty else { throw DatabaseCheckError.newerSchema(path: path, unknown: unknown, known: known.last ?? "") }
        return SchemaCheck(applied: known.filter { recorded.contains($0) })
    }

    /// Opens the file at `path` read-only and checks it; with `integrity`, SQLite's full
    /// `integrity_check` first (every page read: for a backup before it is restored, not at each start).
    public static func check(path: String, integrity: Bool) throws(DatabaseCheckError) -> SchemaCheck {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missing(path: path) }
        guard !isDirectory.boolValue else { throw .unreadable(path: path, reason: "a directory") }
        guard FileManager.default.isReadableFile(atPath: path) else { throw .unreadable(path: path, reason: "permission denied") }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(10)
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db in
                if integrity {
                    let findings = try String.fetchAll(db, sql: "PRAGMA integrity_check(1)")
                    if findings != ["ok"] { throw DatabaseCheckError.damaged(path: path, finding: findings.first ?? "no answer") }
                }
                return try check(db, path: path)
            }
        } catch let error as DatabaseCheckError {
            throw error
        } catch let error as DatabaseError where [ResultCode.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(error.resultCode) {
            // A header SQLite does not recognise, or pages it cannot follow before the check could run.
            throw error.resultCode == .SQLITE_NOTADB ? .notSQLite(path: path) : .damaged(path: path, finding: error.message ?? "corrupt")
        } catch let error as DatabaseError {
            throw .unreadable(path: path, reason: error.message ?? "\(error.resultCode)")
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
    }
}
