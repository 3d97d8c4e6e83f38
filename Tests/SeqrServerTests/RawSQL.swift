import GRDB
import Logging
import PostgresNIO
import SeqrServer
import Testing

/// SQL run straight on a backend's database, for rows no server of this version writes.
struct RawSQL {
    let backend: Backend
    let repository: any SeqrRepository
    let path: String?

    /// The first column of every row, as text.
    func strings(_ sql: String) async throws -> [String] {
        switch backend {
        case .sqlite:
            let database = try DatabaseQueue(path: try #require(path))
            return try await database.read { try String.fetchAll($0, sql: sql) }
        case .postgres:
            let postgres = try #require(repository as? PostgresRepository)
            var result: [String] = []
            for try await text in try await postgres.client.query(PostgresQuery(unsafeSQL: sql), logger: Logger(label: "seqr-contract-test")).decode(String.self) {
                result.append(text)
            }
            return result
        }
    }

    func execute(_ sql: String) async throws {
        switch backend {
        case .sqlite:
            let database = try DatabaseQueue(path: try #require(path))
            try await database.write { try $0.execute(sql: sql) }
        case .postgres:
            let postgres = try #require(repository as? PostgresRepository)
            try await postgres.client.query(PostgresQuery(unsafeSQL: sql), logger: Logger(label: "seqr-contract-test"))
        }
    }
}
