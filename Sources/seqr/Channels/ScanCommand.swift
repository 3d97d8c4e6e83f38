import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCore
import SeqrQR
import SeqrStore
import SeqrURLSafety

struct ScanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Recognise every code in pictures and act: public keys, channel shares, messages, URLs, text.",
        discussion: """
        A public key is shown with its fingerprint; a channel share is shown, and subscribed to \
        with --accept; a message is verified, decrypted, shown (with a warning when expired) and \
        kept in the history with --lat/--lon; a URL or text is shown as is. Every URL is checked \
        against the offline blocklist (--blocklist or SEQR_BLOCKLIST) and Google Safe Browsing \
        (key in SEQR_SAFE_BROWSING_KEY; SEQR_SAFE_BROWSING_ENDPOINT overrides the v4 base URL), whose \
        hash-prefix lists are kept in the store (safebrowsing.db): the URL itself is never sent. A \
        flagged URL is shown with a warning, never hidden; with no check possible it says "not checked". \
        A message whose URL is not http or https (javascript:, data:, mailto: …) is flagged with a \
        warning line, and "unsafeScheme" in JSON: it is not a web link. A code read from a link \
        (https://HOST/app/#CODE) is shown with the link's host, checked as any URL is and for \
        look-alike letters, with a warning when it is not the host `seqr config link` saved. With --json, a picture that \
        cannot be read, or holds no code, is an object with "file" and "error" (and the exit status says so).
        """
    )

    @Argument(help: "Pictures: PNG, JPEG, WebP, HEIC/HEIF, TIFF or PDF (every page), BMP, GIF or SVG, recognised by content; - reads one from standard input.") var images: [String]
    @Flag(help: "Subscribe to channel shares found.") var accept = false
    @Flag(help: "With --accept, subscribe even to a share whose channel id or owner name is known with another owner key (compare the fingerprint first).")
    var newOwnerKey = false
    @Option(help: "Latitude where the code was scanned, -90 to 90 (with --lon).") var lat: Double?
    @Option(help: "Longitude where the code was scanned, -180 to 180 (with --lat).") var lon: Double?
    @Flag(help: "Print one JSON document: an array with one object per code, in the order of the pictures (printed when all are read; failures are objects with \"error\").") var json = false
    @Option(help: "An offline blocklist of hosts and URL prefixes, one per line.") var blocklist: String?
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var pictureLimit: PictureLimitOptions

    /// What a code is, as `--json` names it (docs/cli-json.md); `history --json` uses the message kinds.
    enum Kind: String, Encodable {
        case publicKey, channelShare, channelRekey, textMessage, urlMessage, url, text, vaultCode, jws, smartHealthCard
        /// A code with Seqr's header that could not be read (see `error`).
        case seqrCode

        /// The words the text output uses.
        var words: String {
            switch self {
            case .publicKey: "public key"
            case .channelShare: "channel share"
            case .channelRekey: "rekey code"
            case .textMessage: "message"
            case .urlMessage: "message (URL)"
            case .url: "URL"
            case .text: "text"
            case .vaultCode: "vault code"
            case .jws: "signed code (JWS)"
            case .smartHealthCard: "SMART Health Card"
            case .seqrCode: "Seqr code"
            }
        }
    }

    struct Finding: Encodable {
        let file: String
        /// nil for a picture that could not be read, or held no code (see `error`).
        var kind: Kind?
        var channel: String?
        /// What the code holds (a name, a message, a URL, text); never a sentence of Seqr's own.
        var content: String?
        var expired: Bool?
        var fingerprint: String?
        /// A channel share: whether it was subscribed to (with --accept).
        var subscribed: Bool?
        var urlCheck: URLCheck?
        var flagged: Bool?
        /// A message URL's scheme when it is not http or https: not to be opened as a web link.
        var unsafeScheme: String?
        /// The command that reads this kind of code (vault codes, JWS, SMART Health Cards), instead of its bytes.
        var command: String?
        var error: String?
        /// For a structured-append sequence joined across pictures or pages, where each part was read.
        var parts: [SequencePartReport]?
        /// The text output's words for what was done or is to do; not in JSON, which has `subscribed` and `command`.
        var note: String?
        /// The URL check's line for the text output.
        var urlCheckSummary: String?
        /// For a code read from a link (https://HOST/app/#CODE): its host, checked (``CodeLinkReport``).
        var link: CodeLinkReport?
        /// The link URL check's line for the text output.
        var linkCheckSummary: String?

        enum CodingKeys: String, CodingKey {
            case file, kind, channel, content, expired, fingerprint, subscribed, urlCheck, flagged, unsafeScheme, command, error, parts, link
        }

        /// Whether `content` is a URL to check.
        var checksURL: Bool { (kind == .url || kind == .urlMessage) && unsafeScheme == nil }
    }

    /// A URL check as data: `flagged` (with what matched), `noMatch` (with what checked, and any
    /// source that could not answer in parentheses) or `notChecked` (with why).
    struct URLCheck: Encodable, Equatable {
        let verdict: String
        let reasons: [String]

        init(_ verdict: URLSafetyVerdict) {
            switch verdict {
            case .flagged(let matches): (self.verdict, reasons) = ("flagged", matches)
            case .noMatch(let sources): (self.verdict, reasons) = ("noMatch", sources)
            case .notChecked(let why): (self.verdict, reasons) = ("notChecked", [why])
            }
        }
    }

    func validate() throws {
        // Half a place, or one off the globe, would be stored as if it were a place.
        guard (lat == nil) == (lon == nil) else { throw ValidationError("give --lat and --lon together") }
        if let lat, !(lat.isFinite && (-90...90).contains(lat)) { throw ValidationError("--lat \(lat): a latitude is from -90 to 90") }
        if let lon, !(lon.isFinite && (-180...180).contains(lon)) { throw ValidationError("--lon \(lon): a longitude is from -180 to 180") }
    }

    func run() async throws {
        let store = try storeOptions.open()
        let checker = try URLSafetyChecker.fromEnvironment(blocklistPath: blocklist, safeBrowsingDatabasePath: (storeOptions.store ?? LocalStore.defaultDirectory()) + "/safebrowsing.db")
        let linkBase = try store.setting(ConfigCommand.linkKey)
        var failed = false
        var unreadable = false
        var findings: [Finding] = []
        // Parts of sequences not whole in one picture: perhaps whole across the pictures given.
        var parts: [(symbol: DecodedSymbol, origin: SequencePartReport)] = []
        for path in images {
            let symbols: [DecodedSymbol]
            do {
                // Every code in the picture is checked, so the read goes on after the first pass finds some.
                var decoder = QRDecoder()
                decoder.endsAtFirstFind = false
                let reading = try PictureInput.reading(path, decoder: decoder, keepingParts: true, pixelLimit: pictureLimit.maxPixels)
                symbols = reading.symbols
                parts += reading.unjoinedParts.map { ($0.symbol, SequencePartReport(file: path, page: $0.page, part: ($0.symbol.sequence?.index ?? 0) + 1)) }
            } catch {
                StandardStreams.warn("\(error)")
                failed = true
                if (error as? ImageFileError)?.exitStatus == .noInput { unreadable = true }
                if json { findings.append(Finding(file: path, error: Self.withoutFile(path, "\(error)"))) }
                continue
            }
            if symbols.isEmpty {
                StandardStreams.warn("\(path): no QR code found")
                failed = true
                if json { findings.append(Finding(file: path, error: "no QR code found")) }
            }
            for symbol in symbols {
                let finding = try await check(handle(symbol, file: path, store: store, linkBase: linkBase), with: checker)
                if finding.error != nil { failed = true }
                if json { findings.append(finding) } else { report(finding) }
            }
        }
        // After every picture's own codes (each part as a phone reads it), each sequence whole only
        // across pictures or pages, named by the file of its first part, its parts listed.
        for sequence in StructuredAppend.joinAcross(parts) {
            var finding = try handle(sequence.symbol, file: sequence.parts[0].file, store: store, linkBase: linkBase)
            finding.parts = sequence.parts
            finding = await check(finding, with: checker)
            if finding.error != nil { failed = true }
            if json { findings.append(finding) } else { report(finding) }
        }
        // --json is one document, written once every picture is read (scan does not stream).
        if json { try JSONOutput.print(findings) }
        if failed { throw ExitCode(unreadable ? .noInput : .dataError) }
    }

    /// An error's line without the file name in front, which the finding's `file` already gives.
    static func withoutFile(_ path: String, _ line: String) -> String {
        line.hasPrefix(path + ": ") ? String(line.dropFirst(path.count + 2)) : line
    }

    /// The finding with its URL checked: a message URL that is no web link is flagged without a lookup.
    private func check(_ finding: Finding, with checker: URLSafetyChecker) async -> Finding {
        var finding = finding
        if finding.unsafeScheme != nil {
            finding.flagged = true
        } else if finding.checksURL, let url = finding.content {
            let verdict = await checker.check(url)
            finding.urlCheck = URLCheck(verdict)
            finding.urlCheckSummary = verdict.summary
            if case .flagged = verdict { finding.flagged = true }
        }
        if let url = finding.link?.url {
            // The link's host is checked as any URL is: the code inside does not vouch for it.
            let verdict = await checker.check(url)
            finding.link?.urlCheck = URLCheck(verdict)
            finding.linkCheckSummary = verdict.summary
            if case .flagged = verdict { finding.flagged = true }
        }
        return finding
    }

    private func handle(_ symbol: DecodedSymbol, file: String, store: LocalStore, linkBase: String?) -> Finding {
        var finding = handle(symbol, file: file, store: store)
        finding.link = CodeLinkReport(payload: [UInt8](symbol.payload), configuredBase: linkBase)
        return finding
    }

    private func handle(_ symbol: DecodedSymbol, file: String, store: LocalStore) throws -> Finding {
        let bytes = [UInt8](symbol.payload)
        do {
            switch try SeqrCode(parsing: bytes) {
            case .publicKey(let identity):
                return Finding(file: file, kind: .publicKey, content: identity.name, fingerprint: identity.fingerprint)
            case .channelShare(let share):
                guard accept else { return Finding(file: file, kind: .channelShare, subscribed: false, note: "use --accept to subscribe") }
                let identity = try storeOptions.identity(in: store)
                try checkOwnerKey(of: store.openShare(share, identity: identity), in: store, accepted: newOwnerKey)
                let channel = try store.subscribe(share: share, identity: identity)
                return Finding(file: file, kind: .channelShare, channel: channel.name, fingerprint: channel.owner.fingerprint, subscribed: true, note: "subscribed")
            case .channelRekey(let code):
                let channel = try store.applyRekey(code, identity: storeOptions.identity(in: store))
                return Finding(file: file, kind: .channelRekey, channel: channel.name, fingerprint: channel.owner.fingerprint,
                               note: "moved to epoch \(channel.epoch); older messages stay readable")
            case .channelMessage(let code):
                let (message, channel) = try store.receive(code, latitude: lat, longitude: lon)
                var finding = Finding(file: file, kind: message.kind == .url ? .urlMessage : .textMessage, channel: channel.name, content: message.content,
                                      expired: message.isExpired(), fingerprint: channel.owner.fingerprint)
                if message.kind == .url, !MessageLinkPolicy().allows(message.content) {
                    // The owner's key signed it, yet it is no web link: say so instead of checking it as one.
                    finding.unsafeScheme = MessageLinkPolicy.scheme(of: message.content) ?? "none"
                }
                return finding
            case .url:
                return Finding(file: file, kind: .url, content: PayloadDisplay(symbol).exact)
            case .vaultCode:
                return Finding(file: file, kind: .vaultCode, command: "seqr vault restore", note: "one code of a paper backup; restore it with `seqr vault restore`")
            case .jws:
                return Finding(file: file, kind: .jws, command: "seqr jws verify", note: "not verified here; verify it with `seqr jws verify --key KEY`")
            case .smartHealthCard:
                return Finding(file: file, kind: .smartHealthCard, command: "seqr shc verify", note: "not verified here; verify it with `seqr shc verify --jwks JWKS`")
            case .other:
                return Finding(file: file, kind: .text, content: PayloadDisplay(symbol).exact)
            }
        } catch let error as StoreError where error.exitStatus != .dataError {
            // The passphrase wrong (77) or none to be had (64): the command's failure, not this code's.
            throw error
        } catch {
            return Finding(file: file, kind: .seqrCode, error: "\(error)")
        }
    }

    private func report(_ finding: Finding) {
        if let error = finding.error {
            StandardStreams.warn("\(finding.file): \(error)")
            return
        }
        // The fingerprint first, on its own line, before any text from the code: nothing a
        // name holds can then overwrite or reorder it (names with controls are refused anyway).
        if let fingerprint = finding.fingerprint { StandardStreams.print("fingerprint: \(fingerprint)") }
        var line = "\(finding.file): \(finding.kind?.words ?? "picture")"
        if let parts = finding.parts {
            let files = parts.map(\.file).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            line += " (joined from \(parts.count) parts in \(files.joined(separator: ", ")))"
        }
        if let channel = finding.channel { line += " on \"\(DisplayName.escaped(channel))\"" }
        if let content = finding.content ?? finding.note {
            line += ": " + DisplayName.escapedLines(content)
        }
        if finding.expired == true { line += "  ⚠ EXPIRED" }
        if let check = finding.urlCheckSummary { line += finding.flagged == true ? "\n  \(check)" : "  (URL safety: \(check))" }
        if let scheme = finding.unsafeScheme {
            line += "\n  ⚠ NOT A WEB LINK: its scheme is \"\(DisplayName.escaped(scheme))\", not http or https; do not open it"
        }
        if let link = finding.link {
            line += "\n" + link.lines(urlCheckSummary: finding.linkCheckSummary).joined(separator: "\n")
        }
        StandardStreams.print(line)
    }
}
