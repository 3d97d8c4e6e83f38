import Foundation
import SeqrCLISupport
import SeqrQR

/// zxing-cpp's own Python binding as a reference reader: the same library Seqr vendors, used
/// the way its authors intend, on exactly the pixels Seqr decodes (8-bit PGM files).
struct ZXingPythonReference {
    struct Reading {
        let payloads: [Data]
        /// read_barcodes alone, measured inside Python.
        let seconds: Double
    }

    /// The script reads one PGM path per line on standard input and prints one JSON line per file.
    static let script = """
    import base64, json, sys, time, zxingcpp
    for line in sys.stdin:
        path = line.rstrip("\\n")
        data = open(path, "rb").read()
        end = data.index(b"\\n255\\n") + 5
        width, height = (int(v) for v in data[:end].split()[1:3])
        pixels = memoryview(data)[end : end + width * height].cast("B", (height, width))
        start = time.perf_counter()
        found = zxingcpp.read_barcodes(pixels, formats=zxingcpp.BarcodeFormat.QRCode)
        seconds = time.perf_counter() - start
        print(json.dumps({"payloads": [base64.b64encode(b.bytes).decode() for b in found], "seconds": seconds}), flush=True)
    """

    static func available() -> Bool {
        guard let python = ProcessRunner.referencePython(),
              let result = try? ProcessRunner.run(python, ["-c", "import zxingcpp"], outputPath: "/dev/null") else { return false }
        return result.status == 0
    }

    func read(_ paths: [String], directory: String) throws -> [Reading] {
        guard let python = ProcessRunner.referencePython() else { throw CLIError("python3 not found") }
        let list = directory + "/reference-input.txt", output = directory + "/reference-output.jsonl"
        try FileWriter.write(Data((paths.joined(separator: "\n") + "\n").utf8), to: list)
        let result = try ProcessRunner.run(python, ["-c", Self.script], input: list, outputPath: output)
        guard result.status == 0 else { throw CLIError("the zxing-cpp reference script failed") }
        struct Line: Decodable { let payloads: [String]; let seconds: Double }
        let lines = String(decoding: result.output, as: UTF8.self).split(separator: "\n")
        let readings = try lines.map { line in
            let parsed = try JSONDecoder().decode(Line.self, from: Data(line.utf8))
            return Reading(payloads: parsed.payloads.compactMap { Data(base64Encoded: $0) }, seconds: parsed.seconds)
        }
        guard readings.count == paths.count else { throw CLIError("the zxing-cpp reference read \(readings.count) of \(paths.count) images") }
        return readings
    }

    /// An 8-bit binary PGM (P5) of the image.
    static func pgm(_ image: GrayImage) -> Data {
        Data("P5\n\(image.width) \(image.height)\n255\n".utf8) + Data(image.pixels)
    }
}
