import Foundation
import SeqrCore

/// A share this device owns: its id, its server and its key. The key lives only here and in the
/// links handed out; losing the store means rotating (or revoking) the share from another device.
public struct OwnedLocationShare: Sendable, Equatable {
    public var id: String
    public var server: String
    public var key: LocationShareKey
    public var created: Date
    public var expires: Date?

    public init(id: String, server: String, key: LocationShareKey, created: Date, expires: Date?) {
        self.id = id
        self.server = server
        self.key = key
        self.created = created
        self.expires = expires
    }

    public func isExpired(at now: Date) -> Bool { expires.map { $0 <= now } ?? false }
}
