import ArgumentParser
import Foundation
import SeqrCore
import SeqrQR

struct SHCCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shc",
        abstract: "Verify SMART Health Cards (shc:/ QR codes), offline, with the issuer's keys.",
        subcommands: [Verify.self, Issue.self]
    )
}
