import Foundation
import Hummingbird
import NIOCore

/// Per-request state: the client's address (for rate limits) and, after the bearer-token
/// middleware, the signed-in account and its session.
public struct SeqrRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?
    public var account: AccountRecord?
    public var sessionHash: Data?

    /// Bodies are small: a note is at most a few kilobytes of ciphertext. A password change
    /// carries every note, hence the larger limit there (see ``NotesService``).
    public var maxUploadSize: Int { 4 * 1024 * 1024 }

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    var clientAddress: String { remoteAddress?.ipAddress ?? "unknown" }
}
