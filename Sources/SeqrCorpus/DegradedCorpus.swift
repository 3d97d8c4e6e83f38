import Foundation
import SeqrCore
import SeqrQR

/// A generated set of "photographs" of QR codes, grouped by what went wrong with the
/// picture. Tests assert a decode rate per group; `seqr-bench qr` feeds the same
/// files to Seqr and to zbarimg. Everything is derived from a seed, so the corpus is
/// identical on every machine and nothing binary needs to live in git.
public enum DegradedCorpus {
    /// One way a photo differs from a clean render.
    public enum Distortion: String, CaseIterable, Sendable, Codable {
        // New classes go last: a class's seed is its position, so the others stay the same images.
        case clean, rotated, perspective, blurred, jpeg30, noisy, unevenLight, inverted, small, multiple, photo, steepPerspective

        public var summary: String {
            switch self {
            case .clean: "a clean render on a grey desk"
            case .rotated: "turned by any angle"
            case .perspective: "seen from an angle (sheet tilted up to 45° about each axis)"
            case .blurred: "out of focus (Gaussian blur 0.35–0.6 module)"
            case .jpeg30: "saved as JPEG at quality 30"
            case .noisy: "sensor noise (σ 25–45 grey levels)"
            case .unevenLight: "a shadow across the code (down to 15–35% brightness)"
            case .inverted: "light modules on a dark background"
            case .small: "a small code (2 px modules) in a large frame"
            case .multiple: "three codes in one picture"
            case .photo: "all at once: tilt up to 30°, turn, blur, shadow, noise, JPEG 60"
            case .steepPerspective: "seen from a steep angle (tilted 45–60°, any turn), the code under a fifth of the frame"
            }
        }
    }

    /// One image of the corpus and the payloads it holds.
    public struct Sample: Sendable {
        public let distortion: Distortion
        public let index: Int
        /// The file as written to disk: JPEG for `jpeg30` and `photo`, PNG otherwise.
        public let fileData: Data
        public let fileExtension: String
        public let payloads: [Data]

        public var fileName: String { "\(distortion.rawValue)-\(String(format: "%03d", index)).\(fileExtension)" }
    }

    /// Builds `perClass` samples of each distortion in `distortions`.
    public static func generate(
        _ distortions: [Distortion] = Distortion.allCases, perClass: Int, seed: UInt64 = 0x5EC2
    ) throws -> [Sample] {
        var samples: [Sample] = []
        for distortion in distortions {
            for index in 0..<perClass {
                // Each sample has its own stream, so adding a class never changes another.
                let classSeed = UInt64(Distortion.allCases.firstIndex(of: distortion)!) &* 0x1_0000_0001
                var generator = SeededGenerator(seed: seed ^ classSeed ^ (UInt64(index) &* 0x9E37_79B9))
                samples.append(try makeSample(distortion, index: index, using: &generator))
            }
        }
        return samples
    }

    static func makeSample(_ distortion: Distortion, index: Int, using g: inout SeededGenerator) throws -> Sample {
        let desk = UInt8.random(in: 150...215, using: &g)
        var canvas = GrayImage(width: 800, height: 600, fill: desk)
        var payloads: [Data] = []
        var fileExtension = "png"

        switch distortion {
        case .multiple:
            canvas = GrayImage(width: 1200, height: 800, fill: desk)
            for slot in 0..<3 {
                let (payload, code) = try randomCode(scale: Int.random(in: 3...4, using: &g), using: &g)
                payloads.append(payload)
                let center = (Double(200 + slot * 400) + Double.random(in: -30...30, using: &g),
                              400 + Double.random(in: -120...120, using: &g))
                canvas = place(code, on: canvas, center: center, angle: Double.random(in: -25...25, using: &g), jitter: 0.03, using: &g)
            }
        case .steepPerspective:
            // A phone held low over a table: the sheet tilted 45–60° about one axis (and a
            // little about the other), turned any way, the code small in a 1280×960 frame.
            canvas = GrayImage(width: 1280, height: 960, fill: desk)
            let (payload, code) = try randomCode(scale: Int.random(in: 3...5, using: &g), maxLength: 120, using: &g)
            payloads.append(payload)
            let center = (640 + Double.random(in: -250...250, using: &g), 480 + Double.random(in: -160...160, using: &g))
            let steep = Double.random(in: 45...60, using: &g) * (Bool.random(using: &g) ? 1 : -1)
            let slight = Double.random(in: -15...15, using: &g)
            let (alpha, beta) = Bool.random(using: &g) ? (steep, slight) : (slight, steep)
            canvas = place(code, on: canvas, center: center, angle: Double.random(in: 0..<360, using: &g),
                           tilts: (alpha, beta), jitter: 0.02, using: &g)
        case .small:
            canvas = GrayImage(width: 1920, height: 1440, fill: desk)
            let (payload, code) = try randomCode(scale: 2, maxLength: 60, using: &g)
            payloads.append(payload)
            let center = (Double.random(in: 300...1620, using: &g), Double.random(in: 300...1140, using: &g))
            canvas = place(code, on: canvas, center: center, angle: Double.random(in: -20...20, using: &g), jitter: 0.02, using: &g)
        default:
            let scale = Int.random(in: 4...6, using: &g)
            let (payload, code) = try randomCode(scale: scale, using: &g)
            payloads.append(payload)
            let center = (400 + Double.random(in: -60...60, using: &g), 300 + Double.random(in: -40...40, using: &g))
            let angle: Double = switch distortion {
            case .clean: 0
            case .rotated: Double.random(in: 0..<360, using: &g)
            default: Double.random(in: -12...12, using: &g)
            }
            let tilt: Double = switch distortion {
            case .perspective: 45
            case .photo: 30
            default: 0
            }
            let jitter: Double = switch distortion {
            case .clean, .rotated: 0
            default: 0.02
            }
            canvas = place(code, on: canvas, center: center, angle: angle, tilt: tilt, jitter: jitter, using: &g)
            let module = Double(scale)
            switch distortion {
            case .blurred:
                canvas = ImageDistortion.blur(canvas, sigma: module * Double.random(in: 0.35...0.6, using: &g))
            case .jpeg30:
                fileExtension = "jpg"
            case .noisy:
                canvas = ImageDistortion.noise(canvas, deviation: Double.random(in: 25...45, using: &g), using: &g)
            case .unevenLight:
                canvas = ImageDistortion.shade(canvas, darkest: Double.random(in: 0.15...0.35, using: &g), angle: Double.random(in: 0..<360, using: &g))
            case .inverted:
                canvas = canvas.inverted()
            case .photo:
                canvas = ImageDistortion.blur(canvas, sigma: module * 0.3)
                canvas = ImageDistortion.shade(canvas, darkest: 0.45, angle: Double.random(in: 0..<360, using: &g))
                canvas = ImageDistortion.noise(canvas, deviation: 12, using: &g)
                fileExtension = "jpg"
            default:
                break
            }
        }

        let fileData: Data
        if fileExtension == "jpg" {
            fileData = try ImageCodec.jpeg.encode(canvas, quality: distortion == .jpeg30 ? 30 : 60)
        } else {
            fileData = try ImageCodec.png.encode(canvas)
        }
        return Sample(distortion: distortion, index: index, fileData: fileData, fileExtension: fileExtension, payloads: payloads)
    }

    /// A random printable payload rendered at `scale` pixels per module, and its image.
    static func randomCode(scale: Int, maxLength: Int = 160, using g: inout SeededGenerator) throws -> (Data, GrayImage) {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 -./:")
        let length = Int.random(in: 12...maxLength, using: &g)
        let text = String((0..<length).map { _ in alphabet.randomElement(using: &g)! })
        let level = QRErrorCorrectionLevel.allCases.randomElement(using: &g)!
        let symbol = try QREncoder.encode(text: text, options: QREncodingOptions(errorCorrection: level))
        return (Data(text.utf8), symbol.rasterized(QRRenderStyle(scale: scale, margin: 4)))
    }

    /// Pastes a code onto the canvas centred at `center`, turned by `angle` degrees in the
    /// image plane, with the sheet tilted away from the camera by up to `tilt` degrees about
    /// each axis (a pinhole camera at twice the code's width), and each corner then moved by
    /// up to `jitter` × the side (a sheet that is not quite flat).
    static func place(
        _ code: GrayImage, on canvas: GrayImage, center: (Double, Double), angle: Double,
        tilt: Double = 0, jitter: Double, using g: inout SeededGenerator
    ) -> GrayImage {
        let alpha = Double.random(in: -tilt...tilt, using: &g)
        let beta = Double.random(in: -tilt...tilt, using: &g)
        return place(code, on: canvas, center: center, angle: angle, tilts: (alpha, beta), jitter: jitter, using: &g)
    }

    /// The same with the tilts about the x and the y axis given, in degrees.
    static func place(
        _ code: GrayImage, on canvas: GrayImage, center: (Double, Double), angle: Double,
        tilts: (Double, Double), jitter: Double, using g: inout SeededGenerator
    ) -> GrayImage {
        let side = Double(code.width)
        let (c, s) = (cos(angle * .pi / 180), sin(angle * .pi / 180))
        let alpha = tilts.0 * .pi / 180
        let beta = tilts.1 * .pi / 180
        let distance = 2 * side
        let from = [(0.0, 0.0), (side, 0), (side, side), (0, side)]
        let to = from.map { point -> (Double, Double) in
            // Tilt in 3-D: about the x axis by alpha, then the y axis by beta; project.
            let (x0, y0) = (point.0 - side / 2, point.1 - side / 2)
            let (y1, z1) = (y0 * cos(alpha), y0 * sin(alpha))
            let (x2, z2) = (x0 * cos(beta) + z1 * sin(beta), -x0 * sin(beta) + z1 * cos(beta))
            let (x, y) = (x2 * distance / (distance + z2), y1 * distance / (distance + z2))
            let jx = Double.random(in: -jitter...jitter, using: &g) * side
            let jy = Double.random(in: -jitter...jitter, using: &g) * side
            return (center.0 + c * x - s * y + jx, center.1 + s * x + c * y + jy)
        }
        guard let transform = Homography(from: from, to: to) else { return canvas }
        return ImageDistortion.warp(code, into: canvas, transform: transform)
    }
}
