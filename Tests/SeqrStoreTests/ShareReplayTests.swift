import Foundation
import SeqrCore
@testable import SeqrStore
import SeqrTestSupport
import Testing

/// A used channel share never subscribes again, in any spelling of its signature.
@Suite("Channel share replay")
struct ShareReplayTests {
    @Test("a P-256 owner's share with the malleated signature (r, n − s) verifies, yet is refused after an unsubscribe")
    func malleatedECDSAShare() throws {
        let directories = try (0..<2).map { _ in try TemporaryDirectory() }
        let alice = try LocalStore(directory: directories[0].path), bob = try LocalStore(directory: directories[1].path)
        let aliceID = try alice.createIdentity(name: "Alice", p256: true, passphrase: nil)
        let bobID = try bob.createIdentity(name: "Bob", passphrase: nil)
        let news = try alice.createChannel(name: "News", owner: aliceID)
        let share = try ChannelShareCode.encode(news, to: bobID.publicIdentity, signedBy: aliceID)
        let twin = Array(share.dropLast(32)) + Self.p256Order(minus: Array(share.suffix(32)))
        #expect(twin != share)
        #expect(try ChannelShareCode.decode(twin, for: bobID).id == news.id)  // the twin verifies

        _ = try bob.subscribe(share: share, identity: bobID)
        _ = try bob.unsubscribe("News")
        #expect(throws: StoreError.shareAlreadyUsed) { try bob.subscribe(share: twin, identity: bobID) }
        #expect(throws: StoreError.shareAlreadyUsed) { try bob.subscribe(share: share, identity: bobID) }
    }

    @Test("a share spent before the digest changed (recorded over its signature) is still refused")
    func legacyDigestHonoured() throws {
        let directories = try (0..<2).map { _ in try TemporaryDirectory() }
        let alice = try LocalStore(directory: directories[0].path), bob = try LocalStore(directory: directories[1].path)
        let aliceID = try alice.createIdentity(name: "Alice", passphrase: nil)
        let bobID = try bob.createIdentity(name: "Bob", passphrase: nil)
        let share = try ChannelShareCode.encode(try alice.createChannel(name: "Old", owner: aliceID), to: bobID.publicIdentity, signedBy: aliceID)
        try bob.database.write { db in
            try db.execute(sql: "INSERT INTO spentShare (digest, used) VALUES (?, ?)", arguments: [LocalStore.legacySpentShareDigest(share), Date()])
        }
        #expect(throws: StoreError.shareAlreadyUsed) { try bob.subscribe(share: share, identity: bobID) }
    }

    /// n − s for P-256's group order n, big-endian, byte by byte (test-only arithmetic).
    static func p256Order(minus s: [UInt8]) -> [UInt8] {
        let n: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                          0xBC, 0xE6, 0xFA, 0xAD, 0xA7, 0x17, 0x9E, 0x84, 0xF3, 0xB9, 0xCA, 0xC2, 0xFC, 0x63, 0x25, 0x51]
        var out = [UInt8](repeating: 0, count: 32), borrow = 0
        for index in (0..<32).reversed() {
            var digit = Int(n[index]) - Int(s[index]) - borrow
            borrow = digit < 0 ? 1 : 0
            if digit < 0 { digit += 256 }
            out[index] = UInt8(digit)
        }
        return out
    }
}
