import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCore

extension DecodeCommand {
    /// What `--raw` writes after each code's bytes when there are several (`--raw-separator`).
    struct RawSeparator {
        let bytes: Data
        /// As the user typed it, for the warning that names it.
        let spelling: String

        /// A line feed, as `zbarimg --raw` ends each symbol.
        static let lineFeed = RawSeparator(bytes: Data([0x0A]), spelling: "\\n")

        private init(bytes: Data, spelling: String) {
            (self.bytes, self.spelling) = (bytes, spelling)
        }

        /// `\n`, `\r`, `\t`, `\0` and `\\` are escapes (so `\r\n` is CR LF); any other character
        /// stands for its UTF-8 bytes. Another escape, or nothing at all, is refused.
        init(parsing text: String) throws(ValidationError) {
            var bytes = Data()
            var scalars = text.unicodeScalars.makeIterator()
            while let scalar = scalars.next() {
                guard scalar == "\\" else {
                    bytes.append(contentsOf: Array(String(scalar).utf8))
                    continue
                }
                switch scalars.next() {
                case "n": bytes.append(0x0A)
                case "r": bytes.append(0x0D)
                case "t": bytes.append(0x09)
                case "0": bytes.append(0x00)
                case "\\": bytes.append(0x5C)
                case let other:
                    let escape = "\\" + (other.map { DisplayName.escapingUnprintable(String($0)) } ?? "")
                    throw ValidationError("--raw-separator: \(escape) is not an escape it reads (\\n, \\r, \\t, \\0, \\\\)")
                }
            }
            guard !bytes.isEmpty else {
                throw ValidationError("--raw-separator needs at least one byte (--raw-dir writes each code to a file of its own)")
            }
            self.init(bytes: bytes, spelling: text)
        }
    }

    /// `--raw`: one code's bytes exactly, nothing added; several codes each followed by `separator`,
    /// in the order they are printed. A code whose own bytes hold the separator is still written, and
    /// named in one warning line: where it ends cannot be told from its bytes, --raw-dir's files can.
    /// No code at all writes nothing (each picture has said why).
    static func writeRaw(_ reports: [ImageReport], to raw: String, separator: RawSeparator, overwrite: Bool) throws {
        let codes = reports.flatMap { report in report.codes.map { (file: report.file, code: $0) } }
        guard !codes.isEmpty else { return }
        let payloads = codes.map(\.code.payload)
        let output = payloads.count == 1 ? payloads[0] : payloads.reduce(into: Data()) { $0 += $1 + separator.bytes }
        if raw == "-" {
            StandardStreams.write(output)
        } else {
            try FileWriter.write(output, to: raw, overwrite: overwrite)
        }
        guard payloads.count > 1 else { return }
        let holding = payloads.indices.filter { payloads[$0].range(of: separator.bytes) != nil }.map { index in
            let (file, code) = codes[index]
            return "\(index + 1) (\(DisplayName.escaped(file))\(code.page.map { " page \($0)" } ?? ""))"
        }
        guard !holding.isEmpty else { return }
        let separatorName = DisplayName.escapingUnprintable(separator.spelling)
        StandardStreams.warn((holding.count == 1
            ? "code \(holding[0]) holds the separator \(separatorName) in its own bytes, so where it ends cannot be told"
            : "codes \(holding.joined(separator: ", ")) hold the separator \(separatorName) in their own bytes, so where each ends cannot be told")
            + "; --raw-dir DIR writes each code's exact bytes to a file of its own")
    }
}
