import Foundation

/// Every way a URL check can fail, one case each, with a message a user can act on.
/// None of them is ever reported as "safe": the checker turns them into "not checked" notes.
public enum URLSafetyError: Error, Equatable, Sendable, CustomStringConvertible {
    // Configuration.
    case blocklistUnreadable(path: String)
    /// SEQR_SAFE_BROWSING_ENDPOINT is plain http to a host that is not loopback (the API key would travel in the clear).
    case insecureEndpoint(String)

    // URLs.
    /// No host could be found, so there is nothing to look up (`mailto:`, `/path`, empty).
    case notAWebURL

    // The Safe Browsing service.
    /// The connection failed or timed out.
    case unreachable(String)
    /// The service answered with an HTTP error status (403: the API key is wrong or not enabled).
    case httpStatus(Int)
    /// The answer is not the v4 JSON this client expects.
    case malformedResponse(String)
    /// An update's removal index points past the end of the local list.
    case removalOutOfRange(index: Int, count: Int)
    /// An update's prefix size is outside 4...32 bytes, or its data is not a whole number of prefixes.
    case invalidPrefixes(size: Int, byteCount: Int)
    /// After an update the local list does not hash to the server's checksum; the list is cleared and
    /// fetched whole at the next allowed update.
    case checksumMismatch(list: String)

    // The local prefix database (docs/formats/safe-browsing-store.md).
    case storeTruncated
    case storeNotASafeBrowsingStore
    case storeUnsupportedVersion(UInt8)
    /// The file's trailing SHA-256 does not match: damaged on disk. It is discarded and refetched.
    case storeDamaged
    /// A field holds a value no writer produces (a prefix size outside 4...32, a cache entry naming no list).
    case storeInvalid(String)
    case storeWriteFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .blocklistUnreadable(let path): "\(path): cannot read the blocklist"
        case .insecureEndpoint(let endpoint): "SEQR_SAFE_BROWSING_ENDPOINT \(endpoint) is not https (plain http only to loopback): the API key would cross the network in the clear"
        case .notAWebURL: "not a web URL: it has no host to check"
        case .unreachable(let reason): "Safe Browsing unreachable: \(reason)"
        case .httpStatus(403): "Safe Browsing refused the API key (HTTP 403): check SEQR_SAFE_BROWSING_KEY and that the Safe Browsing API is enabled for it"
        case .httpStatus(let code): "Safe Browsing answered HTTP \(code)"
        case .malformedResponse(let reason): "Safe Browsing sent an answer this client cannot read (\(reason))"
        case .removalOutOfRange(let index, let count): "a Safe Browsing update removes entry \(index) of a list of \(count); the list will be fetched whole"
        case .invalidPrefixes(let size, let byteCount): "a Safe Browsing update holds \(byteCount) bytes of \(size)-byte prefixes; the list will be fetched whole"
        case .checksumMismatch(let list): "the Safe Browsing list \(list) did not match the server's checksum after an update; it will be fetched whole"
        case .storeTruncated: "the Safe Browsing database is truncated; it will be downloaded again"
        case .storeNotASafeBrowsingStore: "the Safe Browsing database file is not one (wrong magic); it will be downloaded again"
        case .storeUnsupportedVersion(let version): "the Safe Browsing database has version \(version), written by a newer seqr; it will be downloaded again"
        case .storeDamaged: "the Safe Browsing database is damaged (checksum); it will be downloaded again"
        case .storeInvalid(let reason): "the Safe Browsing database is invalid (\(reason)); it will be downloaded again"
        case .storeWriteFailed(let path, let reason): "\(path): cannot save the Safe Browsing database (\(reason))"
        }
    }
}
