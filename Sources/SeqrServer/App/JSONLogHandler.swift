import Foundation
import Logging

/// swift-log handler writing one JSON object per line (time, level, label, message, metadata).
/// What is logged is chosen at the call sites: request lines carry method, route, status and
/// duration — never bodies, headers, tokens or keys.
public struct JSONLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    let label: String
    let output: @Sendable (String) -> Void

    public init(label: String, output: @escaping @Sendable (String) -> Void = JSONLogHandler.standardError) {
        self.label = label
        self.output = output
    }

    public static let standardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var object: [String: Any] = [
            "time": ISO8601DateFormatter.string(from: Date(), timeZone: .gmt, formatOptions: [.withInternetDateTime, .withFractionalSeconds]),
            "level": event.level.rawValue, "label": label, "message": event.message.description,
        ]
        for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }) { object[key] = Self.json(value) }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return }
        output(String(decoding: data, as: UTF8.self))
    }

    private static func json(_ value: Logger.MetadataValue) -> Any {
        switch value {
        case .string(let s): return s
        case .stringConvertible(let c): return c.description
        case .array(let a): return a.map(json)
        case .dictionary(let d): return d.mapValues(json)
        }
    }
}
