import Foundation
import SeqrCore
@testable import SeqrStore
import SeqrTestSupport
import Testing

/// `post NAME` must name one channel: names are unique per owner and not empty, and the short
/// ids `channel list` prints find their channel.
@Suite("Channel names and ids")
struct ChannelNamingTests {
    let directory: TemporaryDirectory
    let store: LocalStore
    init() throws {
        directory = try TemporaryDirectory()
        store = try LocalStore(directory: directory.path)
    }

    @Test("a second channel of the same name is refused, and the first stays usable")
    func uniqueName() throws {
        let alice = try store.createIdentity(name: "Alice", passphrase: nil)
        _ = try store.createChannel(name: "Garden", owner: alice)
        #expect(throws: StoreError.channelNameTaken("Garden")) { try store.createChannel(name: "Garden", owner: alice) }
        #expect(try store.channels().count == 1)
        let message = ChannelMessage(kind: .text, created: Date(), expires: nil, content: "hi")
        #expect(try store.publish(message, in: "Garden", owner: alice).0.content == "hi")
    }

    @Test("an empty or blank channel name is refused", arguments: ["", "   "])
    func emptyName(name: String) throws {
        let alice = try store.createIdentity(name: "Alice", passphrase: nil)
        #expect(throws: StoreError.emptyChannelName) { try store.createChannel(name: name, owner: alice) }
        #expect(try store.channels().isEmpty)
    }

    @Test("any unambiguous id prefix finds the channel, in either case; an ambiguous one is refused")
    func idPrefix() throws {
        let alice = try store.createIdentity(name: "Alice", passphrase: nil)
        var channels: [Channel] = []
        // Enough channels that two share a first hex digit (17 > 16 digits).
        for index in 0..<17 { channels.append(try store.createChannel(name: "c\(index)", owner: alice)) }
        let first = channels[0]
        #expect(try store.channel(named: String(first.id.hexString.prefix(8))).0 == first)
        #expect(try store.channel(named: String(first.id.hexString.prefix(8)).uppercased()).0 == first)
        #expect(try store.channel(named: first.id.hexString).0 == first)
        let digits = Dictionary(grouping: channels) { $0.id.hexString.prefix(1) }
        let shared = try #require(digits.first { $0.value.count > 1 }?.key)
        #expect(throws: StoreError.ambiguousChannel(String(shared))) { try store.channel(named: String(shared)) }
        #expect(throws: StoreError.channelNotFound("")) { try store.channel(named: "") }
    }
}
