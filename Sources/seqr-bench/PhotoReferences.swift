import Foundation
import SeqrCLISupport

/// The readers Seqr is measured against on real photos that run inside Python: zxing-cpp's own
/// binding and OpenCV's two QR readers (`QRCodeDetectorAruco`, and `wechat_qrcode` without its
/// CNN models, which PyPI does not ship), each on the same files, timed around its call alone.
/// Where OpenCV raises (a payload that is not UTF-8, a mode it does not implement) it read no text.
struct PhotoReferences {
    struct Reading: Decodable {
        let texts: [String]
        let seconds: Double
    }

    struct Readings: Decodable {
        let zxing: Reading
        let aruco: Reading?
        let wechat: Reading?
    }

    /// One picture path per line on standard input, one JSON line per picture on standard output.
    static let script = """
    import json, sys, time, zxingcpp
    try:
        import cv2
        aruco, wechat = cv2.QRCodeDetectorAruco(), cv2.wechat_qrcode_WeChatQRCode()
    except Exception:
        cv2 = None
    def timed(read):
        start = time.perf_counter()
        try:
            texts = read()
        except Exception:  # OpenCV: bytes that are not UTF-8, a mode it lacks (Hanzi): no text
            texts = []
        return {"texts": [t for t in texts if t], "seconds": time.perf_counter() - start}
    for line in sys.stdin:
        path = line.rstrip("\\n")
        result = {}
        if cv2 is not None:
            gray = cv2.imread(path, cv2.IMREAD_GRAYSCALE)
            result["zxing"] = timed(lambda: [b.text for b in zxingcpp.read_barcodes(gray, formats=zxingcpp.BarcodeFormat.QRCode)])
            result["aruco"] = timed(lambda: list(aruco.detectAndDecodeMulti(gray)[1] or []))
            result["wechat"] = timed(lambda: list(wechat.detectAndDecode(gray)[0] or []))
        else:
            from PIL import Image
            gray = Image.open(path).convert("L")
            result["zxing"] = timed(lambda: [b.text for b in zxingcpp.read_barcodes(gray, formats=zxingcpp.BarcodeFormat.QRCode)])
        print(json.dumps(result), flush=True)
    """

    /// Whether zxing-cpp's binding imports, and OpenCV's readers with it.
    static func available() -> (zxing: Bool, opencv: Bool) {
        guard let python = ProcessRunner.referencePython() else { return (false, false) }
        let zxing = (try? ProcessRunner.run(python, ["-c", "import zxingcpp, cv2"], outputPath: "/dev/null"))?.status == 0
        let opencv = (try? ProcessRunner.run(python, ["-c", "import cv2; cv2.QRCodeDetectorAruco; cv2.wechat_qrcode_WeChatQRCode"], outputPath: "/dev/null"))?.status == 0
        return (zxing, opencv)
    }

    func read(_ paths: [String], directory: String) throws -> [Readings] {
        guard let python = ProcessRunner.referencePython() else { throw CLIError("python3 not found") }
        let list = directory + "/photo-references-input.txt", output = directory + "/photo-references-output.jsonl"
        try FileWriter.write(Data((paths.joined(separator: "\n") + "\n").utf8), to: list)
        let result = try ProcessRunner.run(python, ["-c", Self.script], input: list, outputPath: output)
        guard result.status == 0 else { throw CLIError("the photo reference script failed") }
        let readings = try String(decoding: result.output, as: UTF8.self).split(separator: "\n").map {
            try JSONDecoder().decode(Readings.self, from: Data($0.utf8))
        }
        guard readings.count == paths.count else { throw CLIError("the photo references read \(readings.count) of \(paths.count) pictures") }
        return readings
    }
}
