import Foundation
import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// One per connection, in the HTTP pipeline: counts the connection in its server's
/// ``ConnectionTable`` when it opens, and answers 429 and closes it when its address already holds
/// its cap; marks it busy from a request's head to its response's end, so that near the connection
/// cap only idle connections are closed; closes the one the table chooses.
///
/// Per request it only sets its own connection's idle mark (no shared lock), so note reads stay as cheap as before.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let table: ConnectionTable
    private var entry: ConnectionTable.Entry?
    /// Requests whose response has not ended (HTTP/1.1 pipelining allows more than one).
    private var inFlight = 0
    /// Refused at its address's cap: what it sends is not read.
    private var refused = false

    init(table: ConnectionTable) {
        self.table = table
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { admit(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        admit(context: context)
        context.fireChannelActive()
    }

    private func admit(context: ChannelHandlerContext) {
        guard entry == nil else { return }
        let address = context.channel.remoteAddress?.ipAddress
        let entry = ConnectionTable.Entry(prefix: address.map(AddressPrefix.of) ?? "unknown", channel: context.channel)
        self.entry = entry
        let (admission, evict) = table.open(entry, address: address.flatMap(TrustedProxies.normalize))
        if case .addressFull(let cap) = admission {
            refused = true
            ServerMetrics.refused(.connectionsOfAddress)
            refuse(context: context, cap: cap)
            return
        }
        if let evict {
            let table = self.table
            evict.channel.eventLoop.execute {
                // On the victim's own loop, where its mark changes: close it only if it is still idle.
                if evict.idleSince.withLockedValue({ $0 }) != nil { evict.channel.close(promise: nil) } else { table.spare(evict) }
            }
        }
    }

    /// 429 with the cap in its message, then close: the client learns why rather than seeing a reset.
    private func refuse(context: ChannelHandlerContext, cap: Int) {
        let body = ByteBuffer(string: #"{"error":"too_many_connections","message":"at most \#(cap) connections from one address; close some first"}"#)
        let head = HTTPResponse(status: .tooManyRequests, headerFields: [
            .contentType: "application/json", .contentLength: String(body.readableBytes), .connection: "close", .retryAfter: "1",
        ])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if refused { return }
        if case .head = unwrapInboundIn(data) {
            inFlight += 1
            if inFlight == 1 { entry?.idleSince.withLockedValue { $0 = nil } }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), inFlight > 0 {
            inFlight -= 1
            if inFlight == 0 { entry?.idleSince.withLockedValue { $0 = .now() } }
        }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        release()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        release()
    }

    private func release() {
        if let entry { table.close(entry) }
        entry = nil
    }
}
