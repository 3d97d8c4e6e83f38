/// What makes a host name worth reading letter by letter before trusting it: the tricks a phishing
/// host uses to pass for a known one (`seqr.examp1e`, `seqr.еxample` with a Cyrillic "е"). The host
/// is shown with any warning, never hidden: these are reasons to look, not verdicts.
public enum HostNameWarning: String, Sendable, Equatable, CaseIterable {
    /// A label in its ASCII form of an internationalised name (`xn--…`, RFC 3492): what it shows as
    /// in a browser may look like another name.
    case punycode
    /// Letters outside ASCII, which may look like ASCII ones.
    case nonASCII
    /// A label mixing letters of several scripts (Latin with Cyrillic or Greek, …): the classic look-alike.
    case mixedScripts

    /// The sentence the text output shows.
    public var words: String {
        switch self {
        case .punycode: "an internationalised name (xn--…), which a browser may show as letters that look like others"
        case .nonASCII: "letters outside ASCII, which may look like ASCII ones"
        case .mixedScripts: "letters of several scripts in one label, the mark of a look-alike name"
        }
    }

    /// The warnings `host` earns, in the order of `allCases`.
    public static func check(_ host: String) -> [HostNameWarning] {
        let labels = host.lowercased().split(separator: ".")
        var found: Set<HostNameWarning> = []
        if labels.contains(where: { $0.hasPrefix("xn--") }) { found.insert(.punycode) }
        if host.unicodeScalars.contains(where: { !$0.isASCII }) { found.insert(.nonASCII) }
        if labels.contains(where: { Set($0.unicodeScalars.compactMap(Script.init)).count > 1 }) { found.insert(.mixedScripts) }
        return allCases.filter(found.contains)
    }

    /// The scripts whose letters pass for one another in host names; digits, hyphens and other
    /// scripts' letters are not counted.
    private enum Script {
        case latin, greek, cyrillic, armenian

        init?(_ scalar: Unicode.Scalar) {
            switch scalar.value {
            case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: self = .latin
            case 0x370...0x3FF, 0x1F00...0x1FFF: self = .greek
            case 0x400...0x52F, 0x2DE0...0x2DFF, 0xA640...0xA69F: self = .cyrillic
            case 0x530...0x58F: self = .armenian
            default: return nil
            }
        }
    }
}
