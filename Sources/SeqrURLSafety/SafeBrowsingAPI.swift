import Foundation

/// The JSON of the two Update API (v4) methods this client calls: `threatListUpdates:fetch` and
/// `fullHashes:find`. Bytes travel as base64 (proto3 JSON), durations as "12.5s". Neither
/// request has a field that could carry a URL: only list states and hash prefixes leave.
enum SafeBrowsingAPI {
    struct ClientInfo: Codable, Equatable {
        var clientId = "seqr"
        var clientVersion = "0.1.0"
    }

    struct FetchRequest: Encodable {
        struct ListUpdateRequest: Encodable {
            struct Constraints: Encodable { var supportedCompressions = ["RAW"] }
            let threatType: String
            let platformType: String
            let threatEntryType: String
            /// Omitted for a list never downloaded (or cleared): that asks for a full update.
            let state: String?
            var constraints = Constraints()
        }
        var client = ClientInfo()
        let listUpdateRequests: [ListUpdateRequest]
    }

    struct FetchResponse: Decodable {
        struct ListUpdate: Decodable {
            let threatType: String?
            let platformType: String?
            let threatEntryType: String?
            let responseType: String?
            let additions: [ThreatEntrySet]?
            let removals: [ThreatEntrySet]?
            let newClientState: String?
            let checksum: Checksum?
        }
        struct ThreatEntrySet: Decodable {
            struct RawHashes: Decodable { let prefixSize: Int?; let rawHashes: String? }
            struct RawIndices: Decodable { let indices: [Int]? }
            let compressionType: String?
            let rawHashes: RawHashes?
            let rawIndices: RawIndices?
            let riceHashes: AnyField?
            let riceIndices: AnyField?
        }
        struct Checksum: Decodable { let sha256: String? }
        let listUpdateResponses: [ListUpdate]?
        let minimumWaitDuration: String?
    }

    /// A field whose presence matters but whose content this client does not read.
    struct AnyField: Decodable {
        init(from decoder: Decoder) throws {}
    }

    struct FindRequest: Encodable {
        struct ThreatInfo: Encodable {
            let threatTypes: [String]
            let platformTypes: [String]
            let threatEntryTypes: [String]
            let threatEntries: [[String: String]]
        }
        var client = ClientInfo()
        let clientStates: [String]
        let threatInfo: ThreatInfo
    }

    struct FindResponse: Decodable {
        struct Match: Decodable {
            struct Threat: Decodable { let hash: String? }
            let threatType: String?
            let platformType: String?
            let threatEntryType: String?
            let threat: Threat?
            let cacheDuration: String?
        }
        let matches: [Match]?
        let minimumWaitDuration: String?
        let negativeCacheDuration: String?
    }

    /// Seconds from a proto3 JSON duration ("300s", "593.440s"); nil when absent or malformed.
    static func seconds(_ duration: String?) -> Double? {
        guard let duration, duration.hasSuffix("s"), let value = Double(duration.dropLast()), value.isFinite, value >= 0 else { return nil }
        return value
    }

    static func bytes(base64 text: String?) -> [UInt8]? {
        guard let text else { return [] }
        return Data(base64Encoded: text).map(Array.init)
    }
}
