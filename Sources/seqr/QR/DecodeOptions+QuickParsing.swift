extension DecodeOptions {
    /// `seqr decode`'s arguments read without ArgumentParser, for the forms a script runs once per
    /// picture: file names, `-`, and each of decode's options at most once (`--json`, `--raw FILE`,
    /// `--raw=FILE`, …).
    ///
    /// Why: ArgumentParser finds a command's options by reflection, and each question it asks the
    /// Swift runtime is a scan of this binary's 10,744 conformance records — 1.7 ms a process, more
    /// than decoding a small picture takes (docs/benchmarks.md). Nil for anything else — `--help`,
    /// an unknown or repeated option, a value that begins with `-` (other than `-` itself), `--` —
    /// and for options that `validate()` refuses: ArgumentParser then parses them as before and
    /// says what is wrong. DecodeQuickParsingTests checks that wherever this parser gives options,
    /// ArgumentParser gives the same.
    init?(quickParsing arguments: some Sequence<String>) {
        var options = DecodeOptions()
        var seen: [Substring] = []
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            guard argument.hasPrefix("-"), argument != "-" else {
                options.images.append(argument)
                continue
            }
            let equals = argument.firstIndex(of: "=")
            let name = argument[..<(equals ?? argument.endIndex)]
            let attached = equals.map { String(argument[argument.index(after: $0)...]) }
            // ArgumentParser reads `--raw=` as `--raw` and takes the next word.
            guard attached != "" else { return nil }
            guard !seen.contains(name) else { return nil }
            seen.append(name)
            switch name {
            case "--json", "--force", "--thorough":
                guard attached == nil else { return nil }
                switch name {
                case "--json": options.json = true
                case "--force": options.force = true
                default: options.thorough = true
                }
            case "--raw", "--raw-separator", "--raw-dir", "--formats", "--max-pixels":
                guard let value = attached ?? iterator.next(), attached != nil || !value.hasPrefix("-") || value == "-" else {
                    return nil
                }
                switch name {
                case "--raw": options.raw = value
                case "--raw-separator": options.rawSeparator = value
                case "--raw-dir": options.rawDir = value
                case "--formats": options.formats = value
                default:
                    guard let pixels = Int(value) else { return nil }
                    options.maxPixels = pixels
                }
            default:
                return nil
            }
        }
        do { try options.validate() } catch { return nil }
        self = options
    }
}
