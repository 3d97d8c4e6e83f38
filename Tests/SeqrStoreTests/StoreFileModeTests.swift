import Foundation
import SeqrStore
import SeqrTestSupport
import Testing

/// The local store holds private keys and session tokens: no other user may read it, ever.
@Suite("Store file modes")
struct StoreFileModeTests {
    static func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test("a new store is a 0700 directory whose database, WAL and shared-memory files are 0600, under umask 022")
    func modesFromCreation() throws {
        let previous = umask(0o022)
        defer { umask(previous) }
        let parent = try TemporaryDirectory()
        let directory = parent.path + "/new/store"
        let store = try LocalStore(directory: directory)
        _ = try store.createIdentity(name: "Alice", passphrase: nil)
        #expect(try Self.mode(directory) == 0o700)
        for suffix in ["", "-wal", "-shm"] {
            #expect(FileManager.default.fileExists(atPath: store.path + suffix), "\(suffix)")
            #expect(try Self.mode(store.path + suffix) == 0o600, "seqr.sqlite\(suffix)")
        }
    }

    @Test("a store left readable by an older version is made private when opened")
    func olderStoreTightened() throws {
        let parent = try TemporaryDirectory()
        let directory = parent.path + "/store"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
        _ = FileManager.default.createFile(atPath: directory + "/seqr.sqlite", contents: nil, attributes: [.posixPermissions: 0o644])
        let store = try LocalStore(directory: directory)
        #expect(try Self.mode(directory) == 0o700 && Self.mode(store.path) == 0o600)
    }
}
