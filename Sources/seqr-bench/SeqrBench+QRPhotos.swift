import Foundation
import SeqrCLISupport
import SeqrQR

/// `seqr-bench qr --photos DIR`: real photos of printed QR codes, each folder of DIR a set
/// (zxing's black-box folders qrcode-1 … qrcode-6, cached by scripts/qr-photos), each picture with
/// its expected text in a .txt beside it. Every picture is read upright and turned by 90, 180 and
/// 270 degrees, as zxing's own tests read them, by every reader from the same gray PNG files.
extension SeqrBench.QR {
    /// The readers, in the order the table shows them.
    static let photoReaders = ["seqr", "zxing-cpp", "zbarimg", "OpenCV aruco", "OpenCV wechat"]

    struct ReaderTally: Encodable {
        /// Pictures whose expected text the reader gave.
        var found = 0
        /// Pictures where it gave a text (or bytes) that is not the expected one.
        var wrong = 0
        var seconds = 0.0
        /// Processor time (user + system) of the reader's processes; in-process readers leave it 0.
        var cpuSeconds = 0.0
    }

    /// One process over all of a folder's pictures, as `zbarimg *.png` and `seqr decode *.png` run:
    /// start-up paid once.
    struct BatchTime: Encodable {
        var seconds = 0.0
        var cpuSeconds = 0.0
    }

    struct PhotoFolderResult: Encodable {
        let folder: String
        let photos: Int
        /// Photos × the four turns.
        let pictures: Int
        let readers: [String: ReaderTally]
        /// seqr and zbarimg, each once over the folder's pictures.
        let batch: [String: BatchTime]
    }

    /// A photo and the text its code holds.
    struct Photo {
        let folder: String
        let path: String
        let expected: String

        /// Every picture with a .txt beside it, folder by folder (metadata files aside).
        static func load(_ root: String) throws -> [Photo] {
            let fm = FileManager.default
            var photos: [Photo] = []
            for folder in try fm.contentsOfDirectory(atPath: root).sorted() {
                var isDirectory: ObjCBool = false
                guard fm.fileExists(atPath: root + "/" + folder, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
                let files = try fm.contentsOfDirectory(atPath: root + "/" + folder).sorted {
                    $0.localizedStandardCompare($1) == .orderedAscending
                }
                for file in files where ["png", "jpg", "jpeg", "gif", "webp"].contains(URL(fileURLWithPath: file).pathExtension.lowercased()) {
                    let stem = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
                    let text = root + "/" + folder + "/" + stem + ".txt"
                    guard let bytes = fm.contents(atPath: text) else { continue }
                    let expected = String(data: bytes, encoding: .utf8) ?? String(decoding: bytes, as: UTF8.self)
                    photos.append(Photo(folder: folder, path: root + "/" + folder + "/" + file, expected: expected))
                }
            }
            return photos
        }
    }

    func measurePhotos(_ root: String, directory: String, seqr: String, zbarimg: String?) throws -> [PhotoFolderResult] {
        let photos = try Photo.load(root)
        guard !photos.isEmpty else { throw CLIError("\(root): no pictures with a .txt of their expected text (run scripts/qr-photos)") }
        let available = PhotoReferences.available()
        if !available.zxing { StandardStreams.warn("python3 cannot import zxingcpp and cv2; zxing-cpp and OpenCV are skipped (scripts/bench-readers installs them)") }
        let stdoutPath = directory + "/stdout"
        let turns: [ExifOrientation] = [.up, .turnedClockwise, .upsideDown, .turnedAnticlockwise]
        var results: [PhotoFolderResult] = []
        for folder in Array(Set(photos.map(\.folder))).sorted() {
            StandardStreams.warn("photos: \(folder)")
            let group = photos.filter { $0.folder == folder }
            try FileWriter.createDirectory(directory + "/" + folder)
            var pictures: [(path: String, expected: String)] = []
            for (index, photo) in group.enumerated() {
                let upright = try ImageFile.read(photo.path)
                for (turn, orientation) in turns.enumerated() {
                    let path = directory + "/\(folder)/\(index)-\(turn * 90).png"
                    try FileWriter.write(ImageCodec.png.encode(upright.oriented(orientation)), to: path)
                    pictures.append((path, photo.expected))
                }
            }
            var tallies: [String: ReaderTally] = [:]
            func tally(_ reader: String, _ texts: [String], expected: String, seconds: Double, cpuSeconds: Double = 0) {
                var t = tallies[reader, default: ReaderTally()]
                if texts.contains(expected) { t.found += 1 }
                if texts.contains(where: { $0 != expected }) { t.wrong += 1 }
                t.seconds += seconds
                t.cpuSeconds += cpuSeconds
                tallies[reader] = t
            }
            for picture in pictures {
                let ours = try ProcessRunner.run(seqr, ["decode", "--json", picture.path], outputPath: stdoutPath)
                tally("seqr", Self.jsonTexts(ours.output), expected: picture.expected, seconds: ours.seconds, cpuSeconds: ours.cpuSeconds)
                if let zbarimg {
                    let theirs = try ProcessRunner.run(zbarimg, ["-q", "--raw", "-Sdisable", "-Sqrcode.enable", picture.path], outputPath: stdoutPath)
                    // --raw ends each symbol with a line feed; a text may hold line feeds of its own.
                    let output = String(decoding: theirs.output, as: UTF8.self)
                    let texts = output.isEmpty ? [] : [output.hasSuffix("\n") ? String(output.dropLast()) : output]
                    tally("zbarimg", texts, expected: picture.expected, seconds: theirs.seconds, cpuSeconds: theirs.cpuSeconds)
                }
            }
            var batch: [String: BatchTime] = [:]
            let paths = pictures.map(\.path)
            let ours = try ProcessRunner.run(seqr, ["decode", "--json"] + paths, outputPath: stdoutPath)
            batch["seqr"] = BatchTime(seconds: ours.seconds, cpuSeconds: ours.cpuSeconds)
            if let zbarimg {
                let theirs = try ProcessRunner.run(zbarimg, ["-q", "--raw", "-Sdisable", "-Sqrcode.enable"] + paths, outputPath: stdoutPath)
                batch["zbarimg"] = BatchTime(seconds: theirs.seconds, cpuSeconds: theirs.cpuSeconds)
            }
            if available.zxing {
                let readings = try PhotoReferences().read(pictures.map(\.path), directory: directory)
                for (picture, reading) in zip(pictures, readings) {
                    tally("zxing-cpp", reading.zxing.texts, expected: picture.expected, seconds: reading.zxing.seconds)
                    if available.opencv, let aruco = reading.aruco, let wechat = reading.wechat {
                        tally("OpenCV aruco", aruco.texts, expected: picture.expected, seconds: aruco.seconds)
                        tally("OpenCV wechat", wechat.texts, expected: picture.expected, seconds: wechat.seconds)
                    }
                }
            }
            results.append(PhotoFolderResult(folder: folder, photos: group.count, pictures: pictures.count, readers: tallies, batch: batch))
        }
        return results
    }

    /// The texts `seqr decode --json` gave; a code without text counts as its Base64.
    static func jsonTexts(_ output: Data) -> [String] {
        struct Image: Decodable { struct Code: Decodable { let payloadBase64: String; let text: String? }; let codes: [Code] }
        let images = (try? JSONDecoder().decode([Image].self, from: output)) ?? []
        return images.flatMap(\.codes).map { $0.text ?? "base64:" + $0.payloadBase64 }
    }

    static func photoMarkdown(_ results: [PhotoFolderResult]) -> [String] {
        let readers = Self.photoReaders.filter { name in results.contains { $0.readers[name] != nil } }
        var lines = [
            "Real photos (\(results.map(\.photos).reduce(0, +)) photos, each read upright and turned 90°, 180°, 270°): "
                + "pictures whose expected text each reader gave, and (after /) those where it gave another:",
            "",
            "| folder | pictures | " + readers.map { "\($0) text / wrong" }.joined(separator: " | ") + " |",
            "| --- | ---: | " + readers.map { _ in "---:" }.joined(separator: " | ") + " |",
        ]
        var total: [String: ReaderTally] = [:], totalBatch: [String: BatchTime] = [:]
        for result in results {
            for (reader, t) in result.readers {
                total[reader, default: ReaderTally()].found += t.found
                total[reader, default: ReaderTally()].wrong += t.wrong
                total[reader, default: ReaderTally()].seconds += t.seconds
                total[reader, default: ReaderTally()].cpuSeconds += t.cpuSeconds
            }
            for (reader, b) in result.batch {
                totalBatch[reader, default: BatchTime()].seconds += b.seconds
                totalBatch[reader, default: BatchTime()].cpuSeconds += b.cpuSeconds
            }
        }
        let rows = results.map { ($0.folder, $0.pictures, $0.readers, $0.batch) }
            + [("**all**", results.map(\.pictures).reduce(0, +), total, totalBatch)]
        for (name, pictures, tallies, _) in rows {
            let counts = readers.map { reader in tallies[reader].map { "\($0.found) / \($0.wrong)" } ?? "–" }
            lines.append("| \(name) | \(pictures) | " + counts.joined(separator: " | ") + " |")
        }
        lines += [
            "",
            "Whole-process time per picture, ms, elapsed (processor): one process per picture, and one process over the "
                + "folder's pictures (start-up paid once); ratio = seqr / zbarimg, elapsed:",
            "",
            "| folder | seqr, a process each | zbarimg, a process each | ratio | seqr, one process | zbarimg, one process | ratio |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        func ms(_ seconds: Double?, _ cpu: Double?, _ pictures: Int) -> String {
            guard let seconds, let cpu else { return "–" }
            return String(format: "%.1f (%.1f)", seconds * 1000 / Double(pictures), cpu * 1000 / Double(pictures))
        }
        func ratio(_ ours: Double?, _ theirs: Double?) -> String {
            guard let ours, let theirs, theirs > 0 else { return "–" }
            return String(format: "%.2f", ours / theirs)
        }
        for (name, pictures, tallies, batch) in rows {
            let (s, z, sb, zb) = (tallies["seqr"], tallies["zbarimg"], batch["seqr"], batch["zbarimg"])
            lines.append("| \(name) | \(ms(s?.seconds, s?.cpuSeconds, pictures)) | \(ms(z?.seconds, z?.cpuSeconds, pictures)) | "
                + "\(ratio(s?.seconds, z?.seconds)) | \(ms(sb?.seconds, sb?.cpuSeconds, pictures)) | "
                + "\(ms(zb?.seconds, zb?.cpuSeconds, pictures)) | \(ratio(sb?.seconds, zb?.seconds)) |")
        }
        return lines
    }
}
