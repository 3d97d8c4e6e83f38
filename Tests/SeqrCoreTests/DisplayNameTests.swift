import Foundation
import SeqrCore
import Testing

@Suite("Names shown beside fingerprints")
struct DisplayNameTests {
    static let hostileNames: [(String, UInt32)] = [
        ("Alice\u{1B}[2K\rAlice  7KQ2-M9XD-AAAA-BBBB", 0x1B),  // ESC/CSI: erase the line, write another fingerprint
        ("Alice\u{9B}2K", 0x9B),                                // the 8-bit CSI
        ("Alice\u{202E}DCBA", 0x202E),                           // right-to-left override
        ("Alice\u{2066}x\u{2069}", 0x2066),                      // left-to-right isolate
        ("Al\u{7F}ice", 0x7F),
        ("Alice\n7KQ2-M9XD-AAAA-BBBB", 0x0A),
    ]

    @Test("a public-key code whose name holds a control or bidi character is refused with unsafeName", arguments: DisplayNameTests.hostileNames)
    func hostilePublicKeyName(name: String, scalar: UInt32) throws {
        let code = PublicKeyCode.encode(PrivateIdentity.generate(name: name).publicIdentity)
        #expect(throws: ChannelError.unsafeName(scalar)) { try PublicKeyCode.decode(code) }
    }

    @Test("a channel share whose channel name or owner name holds one is refused with unsafeName", arguments: DisplayNameTests.hostileNames)
    func hostileShareNames(name: String, scalar: UInt32) throws {
        let owner = PrivateIdentity.generate(name: "Alice"), bob = PrivateIdentity.generate(name: "Bob")
        let channelNamed = try ChannelShareCode.encode(Channel.create(name: name, owner: owner.publicIdentity), to: bob.publicIdentity, signedBy: owner)
        #expect(throws: ChannelError.unsafeName(scalar)) { try ChannelShareCode.decode(channelNamed, for: bob) }
        let hostileOwner = PrivateIdentity.generate(name: name)
        let ownerNamed = try ChannelShareCode.encode(Channel.create(name: "Garden", owner: hostileOwner.publicIdentity), to: bob.publicIdentity, signedBy: hostileOwner)
        #expect(throws: ChannelError.unsafeName(scalar)) { try ChannelShareCode.decode(ownerNamed, for: bob) }
    }

    @Test("ordinary names in any script are accepted")
    func ordinaryNames() throws {
        for name in ["Zoë ✓", "Владимир", "محمد", "李小龙", "O'Brien & Söhne", ""] {
            let code = PublicKeyCode.encode(PrivateIdentity.generate(name: name).publicIdentity)
            #expect(try PublicKeyCode.decode(code).name == name)
            #expect(DisplayName.escaped(name) == name)
        }
    }

    @Test("escaped shows every unprintable scalar as \\u{…} and doubles backslashes, so no escape reaches the terminal or is faked")
    func escaping() {
        #expect(DisplayName.escaped("A\u{1B}[31mB") == "A\\u{1B}[31mB")
        #expect(DisplayName.escaped("x\u{202E}y\u{200B}z\u{2028}") == "x\\u{202E}y\\u{200B}z\\u{2028}")
        #expect(DisplayName.escaped("a\\u{1B}b") == "a\\\\u{1B}b")
        #expect(DisplayName.escaped("\u{9B}\u{7F}\t") == "\\u{9B}\\u{7F}\\u{9}")
    }
}
