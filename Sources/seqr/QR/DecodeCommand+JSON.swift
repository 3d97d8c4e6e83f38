import Foundation

extension DecodeCommand {
    /// `decode --json`'s document, written directly: byte for byte what `JSONOutput` writes for the
    /// same reports (keys sorted, indented, slashes as they are), which DecodeJSONTests compares.
    ///
    /// Why: Codable's generic machinery is set up at run time on first use, 0.2 ms of every
    /// `seqr decode --json` process — as long as decoding a small picture takes (docs/benchmarks.md).
    static func json(_ reports: [ImageReport]) -> Data {
        var output: [UInt8] = []
        JSONValue.array(reports.map(\.json)).write(to: &output, indent: 0)
        output.append(0x0A)
        return Data(output)
    }

    /// A JSON value as decode's reports need it.
    indirect enum JSONValue {
        case string(String)
        case int(Int)
        case bool(Bool)
        case array([JSONValue])
        /// Members whose value is nil are left out, as Codable leaves out a nil optional.
        case object([(key: String, value: JSONValue?)])

        /// JSONEncoder's `.prettyPrinted` with `.sortedKeys` and `.withoutEscapingSlashes`: two spaces
        /// a level, `"key" : value`, an empty array or object as its brackets around an empty line.
        func write(to output: inout [UInt8], indent: Int) {
            switch self {
            case .string(let text): Self.write(string: text, to: &output)
            case .int(let number): output += Array(String(number).utf8)
            case .bool(let value): output += Array((value ? "true" : "false").utf8)
            case .array(let elements):
                Self.writeContainer(open: "[", close: "]", elements.count, to: &output, indent: indent) { index, output in
                    elements[index].write(to: &output, indent: indent + 2)
                }
            case .object(let members):
                let present = members.compactMap { member in member.value.map { (key: member.key, value: $0) } }
                    .sorted { $0.key < $1.key }
                Self.writeContainer(open: "{", close: "}", present.count, to: &output, indent: indent) { index, output in
                    Self.write(string: present[index].key, to: &output)
                    output += Array(" : ".utf8)
                    present[index].value.write(to: &output, indent: indent + 2)
                }
            }
        }

        private static func writeContainer(open: Character, close: Character, _ count: Int, to output: inout [UInt8], indent: Int,
                                           element: (Int, inout [UInt8]) -> Void) {
            output += Array("\(open)\n".utf8)
            if count == 0 { output.append(0x0A) }
            for index in 0..<count {
                output += [UInt8](repeating: 0x20, count: indent + 2)
                element(index, &output)
                output += Array((index + 1 < count ? ",\n" : "\n").utf8)
            }
            output += [UInt8](repeating: 0x20, count: indent)
            output += Array(String(close).utf8)
        }

        private static let hexDigits = Array("0123456789abcdef".utf8)

        /// Quotes and backslashes escaped; controls as `\b \t \n \f \r` or `\u00xx`; all else as its UTF-8.
        private static func write(string: String, to output: inout [UInt8]) {
            output.append(0x22)
            for byte in string.utf8 {
                switch byte {
                case 0x22: output += [0x5C, 0x22]
                case 0x5C: output += [0x5C, 0x5C]
                case 0x08: output += [0x5C, 0x62]
                case 0x09: output += [0x5C, 0x74]
                case 0x0A: output += [0x5C, 0x6E]
                case 0x0C: output += [0x5C, 0x66]
                case 0x0D: output += [0x5C, 0x72]
                case 0x00..<0x20:
                    output += Array("\\u00".utf8) + [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
                default: output.append(byte)
                }
            }
            output.append(0x22)
        }
    }
}

extension DecodeCommand.ImageReport {
    /// The members `Encodable` gives this report, under the same names.
    var json: DecodeCommand.JSONValue {
        .object([
            ("codes", .array(codes.map(\.json))),
            ("error", error.map { .string($0) }),
            ("file", .string(file)),
            ("height", height.map { .int($0) }),
            ("joinedInto", joinedInto.map { .array($0.map { .string($0) }) }),
            ("width", width.map { .int($0) }),
        ])
    }
}

extension DecodeCommand.CodeReport {
    /// The members `Encodable` gives this code (its `CodingKeys`), under the same names.
    var json: DecodeCommand.JSONValue {
        .object([
            ("byteCount", .int(byteCount)),
            ("corners", .array(corners.map { .object([("x", .int($0.x)), ("y", .int($0.y))]) })),
            ("encoding", encoding.map { .string($0) }),
            ("encodingGuessed", encodingGuessed.map { .bool($0) }),
            ("errorCorrection", errorCorrection.map { .string($0) }),
            ("format", .string(format)),
            ("inverted", .bool(inverted)),
            ("joinedParts", joinedParts.map { .int($0) }),
            ("page", page.map { .int($0) }),
            ("parts", parts.map { parts in
                .array(parts.map { .object([("file", .string($0.file)), ("page", $0.page.map { .int($0) }), ("part", .int($0.part))]) })
            }),
            ("payloadBase64", .string(payloadBase64)),
            ("sequence", sequence.map { .object([("of", .int($0.of)), ("part", .int($0.part))]) }),
            ("text", text.map { .string($0) }),
            ("version", version.map { .int($0) }),
        ])
    }
}
