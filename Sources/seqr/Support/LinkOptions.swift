import ArgumentParser
import SeqrCore
import SeqrStore

/// `--link https://HOST`: codes written as links a phone camera opens in the web app (``SeqrCodeLink``).
struct LinkOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Write the code as a link, https://HOST/app/#CODE, that a phone camera opens in the web app (default: `seqr config link`; `--link none` for the raw code).", valueName: "https://HOST"))
    var link: String?

    func validate() throws {
        guard let link, link.lowercased() != "none" else { return }
        do { _ = try SeqrCodeLink.validatedBase(link) } catch { throw ValidationError("--link: \(error)") }
    }

    /// The link base to use: --link, else the saved default, else none (the raw code).
    func base(in store: LocalStore) throws -> String? {
        if link?.lowercased() == "none" { return nil }
        if let link { return try SeqrCodeLink.validatedBase(link) }
        return try store.setting(ConfigCommand.linkKey)
    }
}
