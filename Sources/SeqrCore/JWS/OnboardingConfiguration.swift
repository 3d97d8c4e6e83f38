import Foundation

/// The onboarding configuration the seed's app builds from a verified, flat JWS payload
/// (signed-qr-codes-jws.md) — but as real JSON: the seed pastes each value into a JSON string
/// template, so a value holding a quote or a brace changes the structure it builds; here every
/// value stays a string where the template put it.
///
/// | flat payload key | configuration |
/// | --- | --- |
/// | `authType` | `auth[0].type` |
/// | `oauth.0.clientID`, `.redirectURL`, `.grantType`, `.readonlypasscode` | `auth[0].config."oauth2.clients"[0]` `clientID`, `redirectURL`, `grantType`, `passcode` |
/// | `tokenEndpoint`, `authorizationEndpoint` | `auth[0].config."oauth2.tokenEndpoint"`, `"oauth2.authorizationEndpoint"` |
/// | `protocol`, `host`, `port` | top-level `protocol`, `host`, `port` (strings) |
///
/// A key missing from the payload becomes "", as in the seed.
public struct OnboardingConfiguration: Codable, Equatable, Sendable {
    /// One OAuth 2 client of the configuration.
    public struct Client: Codable, Equatable, Sendable {
        public var clientID: String
        public var redirectURL: String
        public var grantType: String
        public var passcode: String
    }

    /// The OAuth 2 settings of one authentication entry.
    public struct Config: Codable, Equatable, Sendable {
        public var clients: [Client]
        public var tokenEndpoint: String
        public var authorizationEndpoint: String

        enum CodingKeys: String, CodingKey {
            case clients = "oauth2.clients"
            case tokenEndpoint = "oauth2.tokenEndpoint"
            case authorizationEndpoint = "oauth2.authorizationEndpoint"
        }
    }

    /// One authentication entry: its type and settings.
    public struct Auth: Codable, Equatable, Sendable {
        public var type: String
        public var config: Config
    }

    public var auth: [Auth]
    public var `protocol`: String
    public var host: String
    public var port: String

    /// From a verified payload: a JSON object whose values are strings (as the seed requires).
    public init(flatPayload: Data) throws(JWSError) {
        guard let object = (try? JSONSerialization.jsonObject(with: flatPayload)) as? [String: Any] else {
            throw .invalidClaims("an onboarding payload is a JSON object")
        }
        var flat: [String: String] = [:]
        for (key, value) in object {
            guard let string = value as? String else { throw .invalidClaims("onboarding value \"\(key)\" is not a string") }
            flat[key] = string
        }
        func value(_ key: String) -> String { flat[key] ?? "" }
        let client = Client(clientID: value("oauth.0.clientID"), redirectURL: value("oauth.0.redirectURL"),
                            grantType: value("oauth.0.grantType"), passcode: value("oauth.0.readonlypasscode"))
        auth = [Auth(type: value("authType"), config: Config(clients: [client], tokenEndpoint: value("tokenEndpoint"),
                                                              authorizationEndpoint: value("authorizationEndpoint")))]
        `protocol` = value("protocol")
        host = value("host")
        port = value("port")
    }

    /// The configuration as JSON, keys sorted, so equal configurations print alike.
    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Structs of strings always encode.
        return try! encoder.encode(self)
    }
}
