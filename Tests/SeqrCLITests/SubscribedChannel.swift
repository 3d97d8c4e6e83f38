import Foundation
import SeqrTestSupport
import Testing

/// Alice owns channel "Garden" and Bob has subscribed to it, each with a store in `directory`:
/// the starting point of the CLI tests that post and scan messages.
struct SubscribedChannel {
    let alice: String
    let bob: String

    init(in directory: TemporaryDirectory) throws {
        alice = directory.file("alice")
        bob = directory.file("bob")
        for (name, store) in [("Alice", alice), ("Bob", bob)] {
            try #require(try SeqrBinary.run("id", "init", "--name", name, "--no-passphrase", "--store", store).status == 0)
        }
        try #require(try SeqrBinary.run("id", "show", "--store", bob, "-o", directory.file("bob.png")).status == 0)
        try #require(try SeqrBinary.run("channel", "create", "Garden", "--store", alice).status == 0)
        try #require(try SeqrBinary.run("channel", "share", "Garden", "--to", directory.file("bob.png"), "-o", directory.file("share.png"), "--store", alice).status == 0)
        try #require(try SeqrBinary.run("channel", "subscribe", directory.file("share.png"), "--store", bob).status == 0)
    }
}
