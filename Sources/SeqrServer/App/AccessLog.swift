import Foundation
import Hummingbird
import NIOConcurrencyHelpers

/// An access log in the Combined Log Format that web servers and proxies write, one line per
/// request: address, time, request line, status, referrer, user agent. It records what reached
/// the server — which is why a share link's key, kept in the URL fragment, never appears in it.
/// Never written: headers (tokens), bodies (ciphertext).
public final class AccessLog: Sendable {
    private let handle: NIOLockedValueBox<FileHandle>

    public init(path: String) throws {
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
            }
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        handle.seekToEndOfFile()
        self.handle = NIOLockedValueBox(handle)
    }

    static let timeFormat: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "dd/MMM/yyyy:HH:mm:ss Z"
        return formatter
    }()

    func write(address: String, method: String, target: String, status: Int, referrer: String?, userAgent: String?) {
        func quoted(_ text: String?) -> String {
            guard let text, !text.isEmpty else { return "\"-\"" }
            return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        let line = "\(address) - - [\(Self.timeFormat.string(from: Date()))] \(quoted("\(method) \(target) HTTP/1.1")) \(status) - \(quoted(referrer)) \(quoted(userAgent))\n"
        handle.withLockedValue { $0.write(Data(line.utf8)) }
    }
}
