import ArgumentParser
import Foundation
import SeqrCore
import SeqrStore

/// Which local store to use, and the passphrase of its identity.
struct StoreOptions: ParsableArguments {
    @Option(help: "The store directory (default: $SEQR_HOME, else $XDG_DATA_HOME/seqr, else ~/.local/share/seqr).")
    var store: String?

    @Option(name: .customLong("passphrase-file"), help: "The identity's passphrase, first line of this file (SEQR_PASSPHRASE works too).")
    var passphraseFile: String?

    func open() throws -> LocalStore {
        try LocalStore(directory: store ?? LocalStore.defaultDirectory(), passphrase: Self.passphraseSource(file: passphraseFile))
    }

    /// Where the store finds the identity's passphrase when it first needs it: the file, else
    /// SEQR_PASSPHRASE, else the terminal (asked once per process: the store keeps the unlocked identity).
    static func passphraseSource(file: String?) -> LocalStore.PassphraseSource {
        { try StoreOptions(passphraseFile: file).passphrase(prompt: true) }
    }

    /// The passphrase from the file or SEQR_PASSPHRASE; asked on the terminal only when `prompt`.
    func passphrase(prompt: Bool, confirm: Bool = false) throws -> String? {
        if let passphraseFile {
            return try PasswordOptions(passwordFile: passphraseFile).password(confirm: false)
        }
        if let value = ProcessInfo.processInfo.environment["SEQR_PASSPHRASE"], !value.isEmpty { return value }
        guard prompt, let typed = PasswordOptions.prompt("Passphrase: ") else { return nil }
        if confirm {
            guard PasswordOptions.prompt("Passphrase again: ") == typed else { throw CLIError("the two passphrases differ") }
        }
        return typed.isEmpty ? nil : typed
    }

    /// The identity, asking for its passphrase on the terminal when it is sealed.
    func identity(in store: LocalStore) throws -> PrivateIdentity {
        try store.identity()
    }
}

extension StoreOptions {
    init(passphraseFile: String?) {
        self.init()
        self.passphraseFile = passphraseFile
    }
}

extension PasswordOptions {
    init(passwordFile: String) {
        self.init()
        self.passwordFile = passwordFile
    }
}

/// Writes a binary Seqr code as a QR image (PNG, SVG or PDF by extension).
func writeCode(_ bytes: [UInt8], to path: String) throws {
    try writeSymbol(QREncoder.encode(Data(bytes), options: QREncodingOptions(errorCorrection: .M, segmentation: .binary)), to: path)
}

/// A QR symbol as PNG, SVG or PDF, by the file's extension.
func writeSymbol(_ symbol: QRSymbol, to path: String) throws {
    let data: Data = switch URL(fileURLWithPath: path).pathExtension.lowercased() {
    case "svg": Data(symbol.svg().utf8)
    case "pdf": try symbol.pdfData()
    default: try symbol.pngData()
    }
    try ImageFile.write(data, to: path)
}

/// The Seqr codes in an image file, or the bytes of a "base64:…" / plain base64 argument.
func scannedPayloads(_ input: String) throws -> [[UInt8]] {
    if FileManager.default.fileExists(atPath: input) {
        let symbols = try QRDecoder().decode(ImageFile.read(input))
        guard !symbols.isEmpty else { throw CLIError("\(input): no QR code found") }
        return symbols.map { [UInt8]($0.payload) }
    }
    let text = input.hasPrefix("base64:") ? String(input.dropFirst(7)) : input
    guard let data = Data(base64Encoded: text) else { throw CLIError("\(input): not an image file or a base64 code") }
    return [[UInt8](data)]
}

/// The first Seqr code of `type` in an image file or base64 argument, with one clear error otherwise.
func seqrPayload(_ type: SeqrCodeType, in input: String, describing what: String) throws -> [UInt8] {
    guard let payload = try scannedPayloads(input).first(where: { (try? SeqrCodeType.classify($0)) == type }) else {
        throw CLIError("\(input): no Seqr \(what) code found")
    }
    return payload
}

import SeqrQR
