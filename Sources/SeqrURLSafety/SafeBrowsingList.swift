/// One Safe Browsing v4 threat list: a threat type on a platform for an entry type.
public struct SafeBrowsingList: Hashable, Sendable, CustomStringConvertible {
    public let threatType: String
    public let platformType: String
    public let threatEntryType: String

    public init(threatType: String, platformType: String = "ANY_PLATFORM", threatEntryType: String = "URL") {
        self.threatType = threatType
        self.platformType = platformType
        self.threatEntryType = threatEntryType
    }

    /// The URL lists for any platform, as Google's own Go client downloads by default.
    public static let defaults = ["MALWARE", "SOCIAL_ENGINEERING", "UNWANTED_SOFTWARE"].map { SafeBrowsingList(threatType: $0) }

    public var description: String { "\(threatType)/\(platformType)/\(threatEntryType)" }
}
