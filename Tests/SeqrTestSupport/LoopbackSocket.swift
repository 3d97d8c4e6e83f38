import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP connection to a server on 127.0.0.1, for tests that must write requests byte by
/// byte, hold many connections, or set headers a client library would not. Reads give up after 200 ms.
/// `from` another loopback address (127.0.0.2, …: all of 127/8 is this machine's on Linux), the
/// server sees another client address.
public final class LoopbackSocket: @unchecked Sendable {
    public let descriptor: Int32

    public struct Failed: Error, CustomStringConvertible {
        public let errno: Int32
        public var description: String { "cannot connect to the server on loopback: errno \(errno)" }
    }

    public init(port: Int, from source: String? = nil) throws {
        descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failed(errno: errno) }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            guard bound else {
                let failure = errno
                Glibc.close(descriptor)
                throw Failed(errno: failure)
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard connected else {
            let failure = errno
            Glibc.close(descriptor)
            throw Failed(errno: failure)
        }
        var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { Glibc.close(descriptor) }

    /// Writes all of `text`; false when the server has closed the connection.
    @discardableResult
    public func send(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) == $0.count }
    }

    /// What the server sent until now, waiting up to 200 ms for the first byte; `closed` once it ended the connection.
    public func read() -> (bytes: [UInt8], closed: Bool) {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 { bytes += buffer[..<count]; continue }
            return (bytes, count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
        }
    }

    /// Everything the server sends until it closes the connection or `seconds` pass.
    public func readAll(seconds: Double) -> String {
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let (more, closed) = read()
            bytes += more
            if closed { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads until the text read contains `marker` (true), or `seconds` pass or the connection closes (false).
    public func read(until marker: String, seconds: Double) -> (text: String, found: Bool) {
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let (more, closed) = read()
            bytes += more
            let text = String(decoding: bytes, as: UTF8.self)
            if text.contains(marker) { return (text, true) }
            if closed { return (text, false) }
        }
        return (String(decoding: bytes, as: UTF8.self), false)
    }
}
