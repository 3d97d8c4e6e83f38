import Crypto
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SeqrTestSupport
import Testing

/// `seqr-server admin backup` and `admin restore` as an operator runs them, and a start on a
/// database from a newer Seqr: each outcome one line with docs/cli.md's status, and nothing changed
/// by a refusal.
@Suite("seqr-server admin backup and restore")
struct ServerBackupCLITests {
    let directory: TemporaryDirectory
    let server = ExternalTool(path: URL(fileURLWithPath: SeqrBinary.tool.path).deletingLastPathComponent().appendingPathComponent("seqr-server").path)

    init() throws { directory = try TemporaryDirectory() }

    func sha256(_ path: String) throws -> Data { Data(SHA256.hash(data: try Data(contentsOf: URL(fileURLWithPath: path)))) }

    /// A server started on `database`, once it listens.
    func started(_ database: String) throws -> BackgroundProcess {
        let process = try BackgroundProcess(server.path, ["--database", database, "--port", "0"], logPath: directory.file("server-\(UUID()).log"))
        let listening = process.waitForLog(seconds: 60) { $0.contains("\"listening\"") ? true : nil }
        try #require(listening == true, "\(process.log)")
        return process
    }

    @Test("backup while the server runs; restore refused while it runs, refused for a damaged file, done once it stopped, the old database kept")
    func backupAndRestore() throws {
        let database = directory.file("data/notes.sqlite"), backup = directory.file("backup.sqlite")
        let process = try started(database)
        let made = try server.run(["admin", "backup", "--database", database, "--to", backup])
        #expect(made.status == 0 && made.errorLines == ["seqr-server: backed up \(database) to \(backup)"], "\(made.stderr)")
        let again = try server.run(["admin", "backup", "--database", database, "--to", backup])
        #expect(again.status == 73 && again.errorLines == ["seqr-server: cannot write \(backup): the file exists (--force replaces it)"], "\(again.stderr)")
        #expect(try server.run(["admin", "backup", "--database", database, "--to", backup, "--force"]).status == 0)

        let running = try server.run(["admin", "restore", "--database", database, "--from", backup])
        #expect(running.status == 73 && running.errorLines == ["seqr-server: \(database) is open in a running seqr-server: stop it before a restore"],
                "\(running.stderr)")
        kill(process.pid, SIGTERM)
        #expect(process.waitForExit(seconds: 30) == 0, "\(process.log)")

        let before = try sha256(database)
        let listing = try FileManager.default.contentsOfDirectory(atPath: directory.file("data")).sorted()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: backup))
        let page = 4096
        bytes.replaceSubrange(page..<(2 * page), with: Data(repeating: 0xA5, count: page))
        let damaged = try directory.write(bytes, to: "damaged.sqlite")
        let refused = try server.run(["admin", "restore", "--database", database, "--from", damaged])
        #expect(refused.status == 65 && refused.errorLines.count == 1 && refused.stderr.contains("seqr-server: \(damaged) is damaged"), "\(refused.stderr)")
        #expect(try sha256(database) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("data")).sorted() == listing)
        let missing = try server.run(["admin", "restore", "--database", database, "--from", directory.file("nothing.sqlite")])
        #expect(missing.status == 66 && missing.errorLines == ["seqr-server: no database at \(directory.file("nothing.sqlite"))"], "\(missing.stderr)")

        let restored = try server.run(["admin", "restore", "--database", database, "--from", backup])
        #expect(restored.status == 0 && restored.errorLines.count == 1, "\(restored.stderr)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: directory.file("data"))
            .filter { $0.hasPrefix("notes.sqlite.before-restore-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
        #expect(kept.count == 1 && restored.stderr.contains("the previous database is kept as \(directory.file("data"))/\(kept.first ?? "?")"), "\(restored.stderr)")
        #expect(try sha256(directory.file("data/\(kept.first ?? "?")")) == before, "the replaced database is kept as it was")
        kill(try started(database).pid, SIGTERM)
    }

    @Test("a database from a newer Seqr is refused at start in one line (65), the file unchanged; PostgreSQL backups point to pg_dump (64)")
    func newerDatabaseRefused() throws {
        let database = directory.file("notes.sqlite")
        let process = try started(database)
        kill(process.pid, SIGTERM)
        #expect(process.waitForExit(seconds: 30) == 0)
        let sqlite = ExternalTool(path: "/usr/bin/sqlite3")
        #expect(try sqlite.run([database, "INSERT INTO grdb_migrations VALUES ('v9-future')"]).status == 0)
        let before = try sha256(database)
        // Started in the background: a build that does not refuse it would serve (and migrate) it instead of ending.
        let start = try BackgroundProcess(server.path, ["--database", database, "--port", "0"], logPath: directory.file("newer.log"))
        let status = start.waitForExit(seconds: 30)
        if status == nil { _ = start.stop() }
        #expect(status == 65, "\(start.log)")
        #expect(start.log.split(separator: "\n") == ["seqr-server: \(database) was made by a newer seqr-server (schema v9-future; this one knows up to v7-keyring-counters): upgrade seqr-server, or restore a backup this version made"],
                "\(start.log)")
        #expect(try sha256(database) == before)

        let postgres = try server.run(["admin", "backup", "--database", "postgres://seqr@127.0.0.1/seqr", "--to", directory.file("pg.dump")])
        #expect(postgres.status == 64 && postgres.stderr.contains("pg_dump (docs/deploy.md)"), "\(postgres.stderr)")
    }
}
