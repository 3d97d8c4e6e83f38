import Foundation
import SeqrCore
import SeqrWebApp

/// The operator's list of keys the web app's scanner trusts for signed codes and health cards
/// (`seqr-server --trusted-keys FILE`): a JWK set, served as is at ``path`` once it has been read
/// and checked at start — every key usable (``JWKSet/init(json:)``), no private part anywhere, so
/// a mistaken file can neither stop the page verifying nor publish a signing key.
public struct TrustedKeysFile: Sendable {
    /// Where the page reads it (docs/openapi.yaml).
    public static let path = "trusted-keys.json"
    /// A list of public keys is a few kilobytes; anything larger is not one.
    public static let maximumBytes = 256 * 1024
    /// JWK members that hold a private or secret key (RFC 7518 §6.2.2, §6.3.2, §6.4; RFC 8037).
    static let privateMembers: Set<String> = ["d", "p", "q", "dp", "dq", "qi", "oth", "k"]

    /// Why a trusted keys file was refused, in one line naming the file.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case unreadable(path: String)
        case invalid(path: String, reason: String)

        public var description: String {
            switch self {
            case .unreadable(let path): "\(path): cannot read the trusted keys file"
            case let .invalid(path, reason): "\(path): not a list of trusted keys: \(reason)"
            }
        }
    }

    /// The file as served, with the app's headers.
    public let file: WebAppFile
    /// How many keys it holds.
    public let keyCount: Int

    /// Reads and checks `path`.
    public init(path: String) throws(Failure) {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path) }
        guard data.count <= Self.maximumBytes else { throw .invalid(path: path, reason: "larger than \(Self.maximumBytes / 1024) KiB") }
        let set: JWKSet
        do { set = try JWKSet(json: data) } catch { throw .invalid(path: path, reason: "\(error)") }
        guard !set.keys.isEmpty else { throw .invalid(path: path, reason: "the \"keys\" array is empty") }
        let keys = ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any])?["keys"] as? [[String: Any]] ?? []
        for (index, key) in keys.enumerated() where !Self.privateMembers.isDisjoint(with: key.keys) {
            throw .invalid(path: path, reason: "key \(index + 1) holds a private part (\"\(Self.privateMembers.intersection(key.keys).sorted().joined(separator: "\", \""))\"): publish public keys only")
        }
        file = WebAppFile(path: Self.path, contentType: "application/json", contents: data)
        keyCount = set.keys.count
    }
}
