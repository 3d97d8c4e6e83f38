import Foundation
import Logging
import SeqrCore
import SeqrServer
import SeqrTestSupport
import Testing

/// docs/deploy.md's PostgreSQL backup commands, run against the test cluster (scripts/postgres):
/// `pg_dump --format=custom` of the live database, `pg_restore --single-transaction --exit-on-error`
/// into a new one, which a server then opens and serves every note from; a damaged dump restores
/// nothing; a database that records a newer Seqr's migration is refused before any is applied.
@Suite("PostgreSQL backups with pg_dump and pg_restore", .enabled(if: Backend.available.contains(.postgres)))
struct PostgresDumpTests {
    /// The same server, another database.
    static func url(_ base: String, database: String) throws -> String {
        var components = try #require(URLComponents(string: base))
        components.path = "/" + database
        components.query = nil
        return try #require(components.string)
    }

    func psql(_ url: String, _ sql: String) throws -> ExternalTool.Outcome {
        try ExternalTool.named("psql").run(["--no-psqlrc", "-q", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", sql])
    }

    @Test("pg_dump of a running database and pg_restore into a new one serve every note, each opening with its key; a damaged dump restores nothing")
    func dumpAndRestore() async throws {
        let base = try #require(Backend.postgresURL)
        let directory = try TemporaryDirectory()
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let restoredName = "seqr_restore_\(suffix)", damagedName = "seqr_damaged_\(suffix)"
        let cipher = NoteCipher(password: "pg dump password")
        let logger = Logger(label: "pg-dump-test")

        // Notes in the tests' database (other suites write there too: the dump takes them all, in one snapshot).
        let account = Fixture.account()
        let source = try PostgresRepository(url: base, logger: logger)
        let written = try await withRunning([source]) {
            var written: [UUID: String] = [:]
            try await source.migrate()
            try await source.createAccount(account)
            for index in 0..<5 {
                let id = UUID()
                let sealed = try cipher.seal(try NotePlaintext(title: "pg note \(index)", info: "kept"), id: id, noteVersion: 1, account: account.kdf)
                try await source.createNote(NoteRecord(id: id, accountID: account.id, note: sealed, version: 1, createdAt: Fixture.t0, updatedAt: Fixture.t0),
                                            limit: nil)
                written[id] = "pg note \(index)"
            }
            return written
        }

        let dump = directory.file("seqr.dump")
        let dumped = try ExternalTool.named("pg_dump").run(["--format=custom", "--no-owner", "--file=\(dump)", base])
        #expect(dumped.status == 0, "\(dumped.stderr)")
        #expect(try psql(base, "CREATE DATABASE \(restoredName)").status == 0)
        #expect(try psql(base, "CREATE DATABASE \(damagedName)").status == 0)
        defer {
            _ = try? psql(base, "DROP DATABASE IF EXISTS \(restoredName) WITH (FORCE)")
            _ = try? psql(base, "DROP DATABASE IF EXISTS \(damagedName) WITH (FORCE)")
        }
        let restoredURL = try Self.url(base, database: restoredName)
        let restore = try ExternalTool.named("pg_restore").run(["--no-owner", "--single-transaction", "--exit-on-error", "--dbname=\(restoredURL)", dump])
        #expect(restore.status == 0, "\(restore.stderr)")

        let restored = try PostgresRepository(url: restoredURL, logger: logger)
        try await withRunning([restored]) {
            try await restored.migrate()
            let notes = try await restored.notes(owner: account.id)
            #expect(Set(notes.map(\.id)) == Set(written.keys))
            for record in notes {
                #expect(try cipher.open(record.note, version: record.version).title == written[record.id])
            }
        }
        // A migration this build does not know (a newer Seqr wrote it): refused before anything is applied.
        #expect(try psql(restoredURL, "INSERT INTO seqr_migrations VALUES ('v9-future', 0)").status == 0)
        let newer = try PostgresRepository(url: restoredURL, logger: logger)
        try await withRunning([newer]) {
            await #expect(throws: DatabaseCheckError.newerSchema(path: "the PostgreSQL database", unknown: ["v9-future"], known: "v7-keyring-counters")) {
                try await newer.migrate()
            }
        }

        // Cut short in its data: pg_restore fails, and in one transaction it leaves the new database empty.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: dump))
        let damaged = try directory.write(bytes.prefix(bytes.count * 3 / 4), to: "damaged.dump")
        let refused = try ExternalTool.named("pg_restore").run(["--no-owner", "--single-transaction", "--exit-on-error",
                                                                "--dbname=\(try Self.url(base, database: damagedName))", damaged])
        #expect(refused.status != 0)
        let tables = try ExternalTool.named("psql").run(["--no-psqlrc", "-tA", "-d", try Self.url(base, database: damagedName),
                                                         "-c", "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'"])
        #expect(tables.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "\(tables.stdoutText) \(tables.stderr)")
    }
}
