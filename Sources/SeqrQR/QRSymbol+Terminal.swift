extension QRSymbol {
    /// The symbol drawn with half-block characters, two module rows per text line.
    ///
    /// With `colors` (the default) every cell gets an explicit black or white
    /// foreground and background, so the code reads dark-on-light whatever the
    /// terminal's theme is, which phone cameras need. Without it, dark modules are
    /// printed as ink (for a light terminal background or a text file).
    public func terminalText(margin: Int = 2, colors: Bool = true) -> String {
        let side = size + 2 * margin
        func dark(_ x: Int, _ y: Int) -> Bool { isDark(x: x - margin, y: y - margin) }
        var out = ""
        var y = 0
        while y < side {
            if colors {
                // ▀ with foreground = upper module, background = lower module.
                var line = ""
                var last: (Bool, Bool)?
                for x in 0..<side {
                    let pair = (dark(x, y), y + 1 < side ? dark(x, y + 1) : false)
                    if last == nil || last! != pair {
                        line += "\u{1B}[\(pair.0 ? 30 : 97);\(pair.1 ? 40 : 107)m"
                        last = pair
                    }
                    line += "▀"
                }
                out += line + "\u{1B}[0m\n"
            } else {
                for x in 0..<side {
                    switch (dark(x, y), y + 1 < side ? dark(x, y + 1) : false) {
                    case (true, true): out += "█"
                    case (true, false): out += "▀"
                    case (false, true): out += "▄"
                    case (false, false): out += " "
                    }
                }
                out += "\n"
            }
            y += 2
        }
        return out
    }
}
