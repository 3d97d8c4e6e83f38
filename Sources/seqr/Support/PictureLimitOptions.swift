import ArgumentParser
import SeqrQR

/// How large a picture a command decodes: the default keeps what a tiny hostile file can cost low.
struct PictureLimitOptions: ParsableArguments {
    @Option(name: .customLong("max-pixels"), help: ArgumentHelp(
        "Decode pictures of up to this many pixels (default 50,000,000: any phone photo or 600-dpi A4 scan; at most 200,000,000).",
        valueName: "n"))
    var maxPixels: Int = ImageCodec.defaultPixelLimit

    func validate() throws {
        try Self.check(maxPixels: maxPixels)
    }

    static func check(maxPixels: Int) throws(ValidationError) {
        guard (1...ImageCodec.maximumPixels).contains(maxPixels) else {
            throw ValidationError("--max-pixels must be between 1 and \(ImageCodec.maximumPixels.formatted())")
        }
    }
}
