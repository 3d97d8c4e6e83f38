import NIOCore
import NIOHTTPTypes

/// Closes the connection when a request's body has not arrived whole within the deadline of its
/// head. Hummingbird's idle timer counts any body part as activity, so without this a client
/// sending one byte every few seconds would hold a connection for days.
final class RequestBodyDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let deadline: TimeAmount
    private var timer: Scheduled<Void>?

    init(_ deadline: Duration) {
        self.deadline = .init(deadline)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            timer?.cancel()
            let channel = context.channel
            timer = context.eventLoop.scheduleTask(in: deadline) { channel.close(promise: nil) }
        case .body:
            break
        case .end:
            timer?.cancel()
            timer = nil
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
    }
}
