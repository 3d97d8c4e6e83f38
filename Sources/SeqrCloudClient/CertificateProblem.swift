import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS
import X509

/// Which certificate problem stopped an https connection, in words a person can act on: expired,
/// not yet valid, for another host, self-signed, or from an authority this machine does not trust.
///
/// Security contract: the verdict is always the verifying handshake's (BoringSSL's chain check and
/// NIOSSL's host-name check); this type only explains a refusal. To name the problem it opens one
/// more connection that verifies nothing, reads the certificate the server shows, and closes it
/// before a byte of HTTP is sent: no token, key or request ever goes over an unverified connection.
enum CertificateProblem {
    /// Whether `error` is a refused certificate (rather than a refused connection or a timeout).
    static func isCertificateFailure(_ error: any Error) -> Bool {
        if let error = error as? NIOSSLExtraError { return error == .failedToValidateHostname }
        if let error = error as? NIOSSLError, case .handshakeFailed(let inner) = error {
            return "\(inner)".contains("CERTIFICATE_VERIFY_FAILED")
        }
        return false
    }

    /// One clause saying what is wrong with the certificate `server` (an https URL) shows.
    static func explain(_ error: any Error, server: String) async -> String {
        guard let url = URL(string: server), let host = url.host else { return "its certificate was refused" }
        let name = url.port.map { "\(host):\($0)" } ?? host
        if (error as? NIOSSLExtraError) == .failedToValidateHostname {
            return "the certificate \(name) shows is not for \(host)"
        }
        guard let leaf = try? await certificateShown(host: host, port: url.port ?? 443),
              let certificate = try? Certificate(derEncoded: leaf.toDERBytes()) else {
            return "the certificate \(name) shows did not verify"
        }
        let now = Date()
        if certificate.notValidAfter < now {
            return "the certificate \(name) shows expired on \(certificate.notValidAfter.formatted(.iso8601))"
        }
        if certificate.notValidBefore > now {
            return "the certificate \(name) shows is not valid before \(certificate.notValidBefore.formatted(.iso8601))"
        }
        if certificate.issuer == certificate.subject {
            return "the certificate \(name) shows is self-signed (\(certificate.subject)), and this machine does not trust it"
        }
        return "the certificate \(name) shows is signed by \(certificate.issuer), an authority this machine does not trust"
    }

    /// The certificate the server at `host`:`port` shows in a handshake that checks nothing; the
    /// connection is closed as soon as the handshake ends.
    private static func certificateShown(host: String, port: Int) async throws -> NIOSSLCertificate? {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .none
        let context = try NIOSSLContext(configuration: configuration)
        let isAddress = host.contains(":") || host.allSatisfy { $0.isNumber || $0 == "." }
        let group = MultiThreadedEventLoopGroup.singleton
        let promise = group.next().makePromise(of: NIOSSLCertificate?.self)
        let bootstrap = ClientBootstrap(group: group)
            .connectTimeout(.seconds(5))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let tls = try NIOSSLClientHandler(context: context, serverHostname: isAddress ? nil : host)
                    try channel.pipeline.syncOperations.addHandler(tls)
                    try channel.pipeline.syncOperations.addHandler(HandshakeReader(tls: tls, promise: promise))
                }
            }
        let channel: Channel
        do {
            channel = try await bootstrap.connect(host: host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")), port: port).get()
        } catch {
            promise.fail(error)
            throw error
        }
        // A server that never finishes the handshake is not waited for.
        channel.eventLoop.scheduleTask(in: .seconds(5)) { promise.fail(ChannelError.connectTimeout(.seconds(5))) }
        defer { channel.close(promise: nil) }
        return try await promise.futureResult.get()
    }

    /// Hands on the peer's certificate once the handshake completes, and closes the connection.
    private final class HandshakeReader: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = ByteBuffer
        let tls: NIOSSLClientHandler
        let promise: EventLoopPromise<NIOSSLCertificate?>

        init(tls: NIOSSLClientHandler, promise: EventLoopPromise<NIOSSLCertificate?>) {
            self.tls = tls
            self.promise = promise
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if case TLSUserEvent.handshakeCompleted? = event as? TLSUserEvent {
                promise.succeed(tls.peerCertificate)
                context.close(promise: nil)
            }
            context.fireUserInboundEventTriggered(event)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            promise.fail(error)
            context.close(promise: nil)
        }
    }
}
