import NIOCore

/// Closes a live feed's connection as soon as the follower closes its end.
///
/// Hummingbird allows a client's half-close (`allowRemoteHalfClosure`), so a follower that closes
/// its page only sends FIN: the server's next write still succeeds into the socket buffer, and only
/// the one after fails. With heartbeats 15 s apart the feed stayed counted — the sharer was told
/// someone watched, and sent every fix — for up to 30 s. A live feed never reads another request
/// on its connection, so the end of the follower's input is the end of the feed: close the channel,
/// and the feed, waiting on its wake-ups, is finished by the channel's close future.
final class FollowerGoneHandler: ChannelInboundHandler {
    typealias InboundIn = NIOAny
    /// One per connection, however many feeds it carries one after another.
    static let name = "seqr.follower-gone"

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed {
            context.close(promise: nil)
        }
        context.fireUserInboundEventTriggered(event)
    }
}
