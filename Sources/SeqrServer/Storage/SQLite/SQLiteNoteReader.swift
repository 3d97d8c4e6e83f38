import CSQLite
import Foundation
import SeqrCore

/// The hottest query of seqr-server — one note by id and owner — on SQLite's C API, with a
/// small pool of read-only connections that each keep the statement prepared. Through GRDB
/// the same read cost about 30 µs per request under load (reader pool hand-off, argument
/// boxing, row copies), nearly as much as the whole authenticated request around it
/// (docs/benchmarks.md). Everything else, writes and migrations included, stays on GRDB.
final class SQLiteNoteReader: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private final class Connection {
        let handle: OpaquePointer
        let statement: OpaquePointer

        init(path: String) throws {
            var handle: OpaquePointer?
            guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let handle else {
                defer { sqlite3_close_v2(handle) }
                throw Failure(description: "cannot open \(path) for reading: \(String(cString: sqlite3_errmsg(handle)))")
            }
            sqlite3_busy_timeout(handle, 10_000)
            sqlite3_exec(handle, "PRAGMA query_only = 1", nil, nil, nil)
            var statement: OpaquePointer?
            let sql = "SELECT id, account_id, title, info, format, kdf_algorithm, kdf_iterations, kdf_salt, version, created_at, updated_at FROM note WHERE id = ?1 AND account_id = ?2"
            guard sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK, let statement else {
                let message = String(cString: sqlite3_errmsg(handle))
                sqlite3_close_v2(handle)
                throw Failure(description: "cannot prepare the note read: \(message)")
            }
            self.handle = handle
            self.statement = statement
        }

        deinit {
            sqlite3_finalize(statement)
            sqlite3_close_v2(handle)
        }
    }

    private let path: String
    private let lock = NSLock()
    private var idle: [Connection] = []

    init(path: String) {
        self.path = path
    }

    /// The note with this id if `owner` owns it.
    func note(id: UUID, owner: UUID) throws -> NoteRecord? {
        let start = ServerMetrics.databaseClock()
        defer { ServerMetrics.database(.sqliteNoteRead, since: start) }
        lock.lock()
        let pooled = idle.popLast()
        lock.unlock()
        let connection = try pooled ?? Connection(path: path)
        defer {
            lock.lock()
            idle.append(connection)
            lock.unlock()
        }
        let statement = connection.statement
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        // Ids are kept as lowercase UUID text, bound from a stack buffer; SQLITE_TRANSIENT has
        // SQLite copy it before that buffer goes away.
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        func bind(_ uuid: UUID, at parameter: Int32) {
            UUIDText.withLowercaseUTF8(uuid) { text in
                text.withMemoryRebound(to: CChar.self) { _ = sqlite3_bind_text(statement, parameter, $0.baseAddress, Int32($0.count), transient) }
            }
        }
        bind(id, at: 1)
        bind(owner, at: 2)
        switch sqlite3_step(statement) {
        case SQLITE_DONE:
            return nil
        case SQLITE_ROW:
            break
        default:
            throw Failure(description: "note read failed: \(String(cString: sqlite3_errmsg(connection.handle)))")
        }
        func text(_ column: Int32) -> String? {
            sqlite3_column_text(statement, column).map { String(cString: $0) }
        }
        func blob(_ column: Int32) -> Data {
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return Data() }
            return Data(bytes: bytes, count: count)
        }
        // The row matched id and owner, so those two columns are not read back.
        let formatName = text(4) ?? ""
        guard let format = NoteFormat(rawValue: formatName) else { throw RepositoryError.unknownFormat(formatName) }
        guard let algorithm = text(5) else { throw RepositoryError.unreadableRow("a stored note has no KDF algorithm") }
        return NoteRecord(
            id: id, accountID: owner,
            note: EncryptedNote(id: id, title: blob(2), info: blob(3), format: format,
                                kdf: NoteKDF(algorithm: algorithm, iterations: Int(sqlite3_column_int64(statement, 6)), salt: text(7))),
            version: Int(sqlite3_column_int64(statement, 8)),
            createdAt: Date(timeIntervalSince1970: sqlite3_column_double(statement, 9)),
            updatedAt: Date(timeIntervalSince1970: sqlite3_column_double(statement, 10)))
    }
}
