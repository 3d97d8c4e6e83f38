/// Names that travel in public-key and channel-share codes, and how any untrusted text (from a
/// code, a card, a server, a backup or an imported file) is shown on a terminal: every text output
/// goes through `escaped(_:)` or `escapedLines(_:)`; JSON output keeps the exact value.
///
/// A name is printed beside a fingerprint, so a name holding terminal escapes (ESC, CSI) or
/// bidirectional controls could move the cursor, recolour or reorder what follows and show
/// someone else's fingerprint. Readers refuse such names (`ChannelError.unsafeName`), and
/// `escaped(_:)` makes anything unprintable visible, for text stored before this check and for
/// message content.
public enum DisplayName {
    /// The first scalar of `name` that may not appear in a name, if any: C0 and C1 controls,
    /// DEL, and the bidirectional marks, embeddings, overrides and isolates.
    public static func forbiddenScalar(in name: String) -> Unicode.Scalar? {
        name.unicodeScalars.first { isControl($0) || isBidiControl($0) }
    }

    /// Throws `unsafeName` when `name` holds a control or bidirectional character.
    public static func validate(_ name: String) throws(ChannelError) {
        if let scalar = forbiddenScalar(in: name) { throw .unsafeName(scalar.value) }
    }

    /// `text` with every unprintable scalar (controls, bidi and other format characters,
    /// line and paragraph separators, private use, unassigned) written as `\u{…}`, and
    /// backslashes doubled so an escape cannot be faked.
    public static func escaped(_ text: String) -> String { escaping(text, backslashes: true) }

    /// `text` with every unprintable scalar written as `\u{…}` but backslashes kept: for a line that
    /// may already hold escapes (an error message quoting what was typed beside names it escaped),
    /// where nothing may reach the terminal as a control.
    public static func escapingUnprintable(_ text: String) -> String { escaping(text, backslashes: false) }

    private static func escaping(_ text: String, backslashes: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar == "\\" && backslashes {
                out += "\\\\"
            } else if isPrintable(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    /// `text` as lines (split at LF and CR LF only), each ``escaped(_:)``: how a multi-line text from a
    /// code, a card, a server or a file is shown, so a lone CR cannot return to overwrite what came before.
    public static func escapedLines(_ text: String) -> String {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map { escaped(String($0)) }.joined(separator: "\n")
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        if isControl(scalar) || isBidiControl(scalar) { return false }
        switch scalar.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: return false
        default: return true
        }
    }
}
