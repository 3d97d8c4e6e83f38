import Foundation
import PostgresNIO
import SeqrCore

/// The reads one read connection sends as one statement of each kind (``PostgresReadConnections``):
/// notes by id and owner, and live sessions with their accounts by token hash. Each read is answered
/// exactly once — by the rows of its statement, by that statement's error, or by
/// ``failRetried(with:)`` — and only by a row that matches it whole.
struct PostgresReadBatch: Sendable {
    struct NoteRead: Sendable {
        let id: UUID
        let owner: UUID
        let continuation: UnsafeContinuation<NoteRecord?, any Error>
        /// Already sent once, on a connection that died.
        var retried = false
    }

    struct SignedInRead: Sendable {
        let tokenHash: Data
        /// The read's own time, seconds since 1970: the session must be live then.
        let now: Double
        let continuation: UnsafeContinuation<(session: SessionRecord, account: AccountRecord)?, any Error>
        var retried = false
    }

    enum Read: Sendable {
        case note(NoteRead)
        case signedIn(SignedInRead)
    }

    /// At most this many reads of a kind in one statement; the rest wait for the next.
    static let maximumReadsPerStatement = 256

    var notes: [NoteRead] = []
    var signedIn: [SignedInRead] = []

    var isEmpty: Bool { notes.isEmpty && signedIn.isEmpty }

    mutating func append(_ read: Read) {
        switch read {
        case .note(let read): notes.append(read)
        case .signedIn(let read): signedIn.append(read)
        }
    }

    // MARK: Statements

    /// `$1`, `$2` of ``PostgresPreparedStatements/NoteBatch``: the ids, and their owners in the same order.
    var noteBinds: [PostgresData] {
        [PostgresData(array: notes.map { PostgresData(uuid: $0.id) }, elementType: .uuid),
         PostgresData(array: notes.map { PostgresData(uuid: $0.owner) }, elementType: .uuid)]
    }

    /// `$1`, `$2` of ``PostgresPreparedStatements/SessionAccountBatch``: the token hashes, and the earliest
    /// of the reads' times (each read then checks its own).
    var signedInBinds: [PostgresData] {
        [PostgresData(array: signedIn.map { PostgresData(bytes: $0.tokenHash) }, elementType: .bytea),
         PostgresData(double: signedIn.lazy.map(\.now).min() ?? 0)]
    }

    /// Answers every note read from its statement's rows: the note whose id and owner are the read's, or none.
    /// A row whose other cells cannot be read (a format this build does not know) fails only the reads it
    /// answers; a row whose id or owner cannot be read throws, answering none.
    func answerNotes(_ rows: [PostgresRow]) throws {
        let found = try rows.map { row -> (id: UUID, owner: UUID, note: Result<NoteRecord, any Error>) in
            var cells = PostgresCellReader(row, describedByStatement: true)
            let id: UUID = try cells.next(), owner: UUID = try cells.next()
            return (id, owner, Result { try PostgresRepository.note(PostgresPreparedStatements.noteRow(id: id, owner: owner, &cells)) })
        }
        for read in notes {
            let row = found.first { $0.id == read.id && $0.owner == read.owner }
            read.continuation.resume(with: row.map { $0.note.map(Optional.some) } ?? .success(nil))
        }
    }

    /// Answers every session read: the session with the read's token hash, if it is live at the read's time.
    func answerSignedIn(_ rows: [PostgresRow]) throws {
        let found = try rows.map { row -> (tokenHash: Data, signedIn: Result<(session: SessionRecord, account: AccountRecord), any Error>) in
            var cells = PostgresCellReader(row, describedByStatement: true)
            let tokenHash: Data = try cells.next()
            return (tokenHash, Result { try PostgresPreparedStatements.sessionAccountRow(tokenHash: tokenHash, &cells) })
        }
        for read in signedIn {
            guard let row = found.first(where: { $0.tokenHash == read.tokenHash }) else {
                read.continuation.resume(returning: nil)
                continue
            }
            switch row.signedIn {
            case .success(let signedIn):
                read.continuation.resume(returning: signedIn.session.expiresAt.timeIntervalSince1970 > read.now ? signedIn : nil)
            case .failure(let error):
                read.continuation.resume(throwing: error)
            }
        }
    }

    func failNotes(with error: any Error) {
        for read in notes { read.continuation.resume(throwing: error) }
    }

    func failSignedIn(with error: any Error) {
        for read in signedIn { read.continuation.resume(throwing: error) }
    }

    /// Fails the reads already sent twice with `error`; returns the others, marked as sent once.
    func failRetried(with error: any Error) -> PostgresReadBatch {
        var again = PostgresReadBatch()
        for var read in notes {
            if read.retried { read.continuation.resume(throwing: error) } else { read.retried = true; again.notes.append(read) }
        }
        for var read in signedIn {
            if read.retried { read.continuation.resume(throwing: error) } else { read.retried = true; again.signedIn.append(read) }
        }
        return again
    }

    var containsRetried: Bool { notes.contains { $0.retried } || signedIn.contains { $0.retried } }

    /// The reads a connection has waiting, and whether a batch of it is out.
    struct Queue: Sendable {
        private var waiting = PostgresReadBatch()
        private var sending = false
        /// Batches and reads sent so far (a read sent twice counts twice).
        private(set) var batchesSent = 0
        private(set) var readsSent = 0

        /// Adds a read; returns the batch to send now when none is out.
        mutating func add(_ read: Read) -> PostgresReadBatch? {
            waiting.append(read)
            guard !sending else { return nil }
            sending = true
            return take()
        }

        /// The batch out is answered: returns the next one, or nil (and none is out) when nothing waits.
        mutating func next() -> PostgresReadBatch? {
            guard !waiting.isEmpty else {
                sending = false
                return nil
            }
            return take()
        }

        /// The batch out failed and these of its reads go again, before those that arrived meanwhile.
        mutating func requeue(_ reads: PostgresReadBatch) -> PostgresReadBatch? {
            waiting.notes.insert(contentsOf: reads.notes, at: 0)
            waiting.signedIn.insert(contentsOf: reads.signedIn, at: 0)
            return next()
        }

        private mutating func take() -> PostgresReadBatch {
            let limit = PostgresReadBatch.maximumReadsPerStatement
            var batch = PostgresReadBatch()
            if waiting.notes.count <= limit && waiting.signedIn.count <= limit {
                swap(&batch, &waiting)
            } else {
                batch.notes = Array(waiting.notes.prefix(limit))
                batch.signedIn = Array(waiting.signedIn.prefix(limit))
                waiting.notes.removeFirst(batch.notes.count)
                waiting.signedIn.removeFirst(batch.signedIn.count)
            }
            batchesSent += 1
            readsSent += batch.notes.count + batch.signedIn.count
            return batch
        }
    }
}
