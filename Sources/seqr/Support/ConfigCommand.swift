import ArgumentParser
import SeqrCLISupport
import SeqrCore
import SeqrStore

struct ConfigCommand: ParsableCommand {
    static let linkKey = "link"

    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show or save a default: link (the web app's https://HOST for --link).",
        discussion: """
        Examples:
          seqr config link https://seqr.example     public keys, shares and messages become links
          seqr config link                          show it
          seqr config link --unset                  raw codes again
        """)

    @Argument(help: "The setting: link.") var name: String
    @Argument(help: "Its new value (none: show it).") var value: String?
    @Flag(help: "Remove the saved value.") var unset = false
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        guard name == Self.linkKey else { throw ValidationError("unknown setting \"\(DisplayName.escaped(name))\" (known: link)") }
        guard !(unset && value != nil) else { throw ValidationError("give a value or --unset, not both") }
    }

    func run() throws {
        let store = try storeOptions.open()
        if unset {
            try store.setSetting(name, to: nil)
            StandardStreams.print("\(name): unset")
        } else if let value {
            let base = try SeqrCodeLink.validatedBase(value)
            try store.setSetting(name, to: base)
            StandardStreams.print("\(name): \(base)")
        } else {
            StandardStreams.print("\(name): \(try store.setting(name) ?? "not set")")
        }
    }
}
