import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCorpus
import SeqrQR

extension SeqrBench {
    struct QR: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "qr",
            abstract: "Encode speed vs qrencode, and decode rate and speed vs zbarimg and zxing-cpp, in one run.",
            discussion: """
            Encode: a 1 KB binary payload to a PNG, each tool started as a whole process, \
            --runs times, alternating. Decode: the generated degraded corpus (the same images \
            the tests use), one process per image for both `seqr decode` and `zbarimg`, plus \
            Seqr's in-process decode time. Needs `qrencode` and `zbarimg` (scripts/setup installs them). \
            When Python's zxing-cpp binding imports (scripts/bench-readers installs it), it reads the same \
            pixels as a reference column, timed in its own process around read_barcodes alone. \
            --photos DIR adds real photos (scripts/qr-photos caches zxing's black-box set): each \
            read upright and turned by seqr and zbarimg as whole processes, and by zxing-cpp's \
            binding and OpenCV's two readers in Python. scripts/bench-readers installs both, pinned, \
            in .build/bench-venv, whose python is used when it exists (else python3 on PATH).
            """
        )

        @Option(help: "Encode runs per tool.")
        var runs = 40

        @Option(name: .customLong("per-class"), help: "Corpus images per distortion class.")
        var perClass = 20

        @Option(help: "Keep the corpus and outputs in this directory (default: a temporary one, removed afterwards).")
        var workdir: String?

        @Flag(help: "Print the results as JSON.")
        var json = false

        @Flag(help: "Also decode each image in process with --thorough, with and without ZBar's second opinion.")
        var thorough = false

        @Option(help: "Also read the real photos in this folder (scripts/qr-photos caches zxing's black-box set): every reader, upright and turned.")
        var photos: String?

        @Flag(help: "Read only the --photos: no encode runs, no generated corpus.")
        var photosOnly = false

        struct EncodeResult: Encodable {
            let payloadBytes: Int
            let runs: Int
            let seqrMedianMs: Double
            /// `seqr --version`: the process start-up alone, for reading the encode figure.
            let seqrStartupMedianMs: Double
            let qrencodeMedianMs: Double?
            /// seqr's time over qrencode's (the target is at most 1.5).
            let ratio: Double?
        }

        struct DecodeClassResult: Encodable {
            let distortion: String
            let images: Int
            let codes: Int
            let seqrFound: Int
            let zbarFound: Int?
            let seqrProcessMsPerImage: Double
            let zbarProcessMsPerImage: Double?
            /// Decoding only (the image already in memory), as for the reference.
            let seqrInProcessMsPerImage: Double
            /// zxing-cpp's Python binding (read_barcodes, QR family) on the same pixels, when installed.
            let zxingFound: Int?
            let zxingInProcessMsPerImage: Double?
            /// With --thorough: codes found in thorough mode, and without ZBar's second opinion.
            let seqrThoroughFound: Int?
            let seqrThoroughWithoutZBarFound: Int?
        }

        struct Report: Encodable {
            let date: String
            let machine: String
            let encode: EncodeResult?
            let decode: [DecodeClassResult]
            let photos: [PhotoFolderResult]?
        }

        func validate() throws {
            if photosOnly && photos == nil { throw ValidationError("--photos-only needs --photos DIR") }
        }

        func run() throws {
            let fm = FileManager.default
            let directory = workdir ?? (NSTemporaryDirectory() + "seqr-bench-\(getpid())")
            try FileWriter.createDirectory(directory)
            defer { if workdir == nil { try? fm.removeItem(atPath: directory) } }
            let seqr = try ProcessRunner.seqrExecutable()
            let qrencode = ProcessRunner.which("qrencode")
            let zbarimg = ProcessRunner.which("zbarimg")
            if qrencode == nil { StandardStreams.warn("qrencode not found; encode comparison skipped (run scripts/setup)") }
            if zbarimg == nil { StandardStreams.warn("zbarimg not found; decode comparison skipped (run scripts/setup)") }

            let stdoutPath = directory + "/stdout"
            let photoResults = try photos.map { try measurePhotos($0, directory: directory, seqr: seqr, zbarimg: zbarimg) }
            if photosOnly {
                let report = Report(date: ISO8601DateFormatter().string(from: Date()), machine: Self.machineDescription(), encode: nil, decode: [], photos: photoResults)
                if json { try JSONOutput.print(report) } else { StandardStreams.print(Self.markdown(report)) }
                return
            }
            // Encode: 1 KB of random bytes, 8-bit mode in both tools, same scale and margin.
            let payloadPath = directory + "/payload.bin"
            var generator = SeededGenerator(seed: 1024)
            try FileWriter.write(Data((0..<1024).map { _ in UInt8.random(in: 0...255, using: &generator) }), to: payloadPath)
            var seqrTimes: [Double] = [], startupTimes: [Double] = [], qrencodeTimes: [Double] = []
            for run in 0..<runs {
                if run % 10 == 0 { StandardStreams.warn("encode: run \(run + 1) of \(runs)") }
                let ours = try ProcessRunner.run(seqr, ["encode", "--file", payloadPath, "--binary", "--ec", "M", "--scale", "3", "--margin", "4", "--force", "-o", directory + "/seqr.png"], outputPath: stdoutPath)
                guard ours.status == 0 else { throw CLIError("seqr encode failed during the benchmark") }
                seqrTimes.append(ours.seconds)
                startupTimes.append(try ProcessRunner.run(seqr, ["--version"], outputPath: stdoutPath).seconds)
                if let qrencode {
                    let theirs = try ProcessRunner.run(qrencode, ["-8", "-l", "M", "-s", "3", "-m", "4", "-o", directory + "/qrencode.png"], input: payloadPath, outputPath: stdoutPath)
                    qrencodeTimes.append(theirs.seconds)
                }
            }
            let seqrMs = median(seqrTimes) * 1000
            let qrencodeMs = qrencodeTimes.isEmpty ? nil : median(qrencodeTimes) * 1000
            let encode = EncodeResult(payloadBytes: 1024, runs: runs, seqrMedianMs: seqrMs,
                                      seqrStartupMedianMs: median(startupTimes) * 1000,
                                      qrencodeMedianMs: qrencodeMs, ratio: qrencodeMs.map { seqrMs / $0 })

            // Decode: the degraded corpus, file by file.
            StandardStreams.warn("decode: generating the corpus (\(perClass) images per class)")
            let samples = try DegradedCorpus.generate(perClass: perClass)
            var results: [DecodeClassResult] = []
            let decoder = QRDecoder()
            let reference = ZXingPythonReference.available() ? ZXingPythonReference() : nil
            if reference == nil { StandardStreams.warn("python3 cannot import zxingcpp; the zxing-cpp reference column is skipped (scripts/bench-readers installs it)") }
            for distortion in DegradedCorpus.Distortion.allCases {
                StandardStreams.warn("decode: \(distortion.rawValue)")
                let group = samples.filter { $0.distortion == distortion }
                var seqrFound = 0, zbarFound = 0, codes = 0
                var seqrSeconds = 0.0, zbarSeconds = 0.0, inProcessSeconds = 0.0
                var thoroughFound = 0, withoutZBarFound = 0
                var grayPaths: [(path: String, payloads: [Data])] = []
                // In process, the class's images one after another, as the binding reads them in its
                // own process: timed between process runs, each decode met caches the runs had cooled.
                let images = try group.map { try ImageFile.decode($0.fileData, path: $0.fileName) }
                for image in images {
                    let start = DispatchTime.now().uptimeNanoseconds
                    _ = try decoder.decode(image)
                    inProcessSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                }
                for (sample, image) in zip(group, images) {
                    let path = directory + "/" + sample.fileName
                    try FileWriter.write(sample.fileData, to: path)
                    codes += sample.payloads.count
                    if thorough {
                        thoroughFound += Self.matches(sample.payloads, in: try QRDecoder(thorough: true).decode(image).map(\.payload))
                        withoutZBarFound += Self.matches(sample.payloads, in: try QRDecoder(thorough: true, secondOpinion: false).decode(image).map(\.payload))
                    }
                    if reference != nil {
                        let gray = path + ".pgm"
                        try FileWriter.write(ZXingPythonReference.pgm(image), to: gray)
                        grayPaths.append((gray, sample.payloads))
                    }

                    let ours = try ProcessRunner.run(seqr, ["decode", "--json", path], outputPath: stdoutPath)
                    seqrSeconds += ours.seconds
                    seqrFound += Self.matches(sample.payloads, in: Self.jsonPayloads(ours.output))
                    if let zbarimg {
                        let theirs = try ProcessRunner.run(zbarimg, ["-q", "--raw", "-Sdisable", "-Sqrcode.enable", path], outputPath: stdoutPath)
                        zbarSeconds += theirs.seconds
                        let lines = String(decoding: theirs.output, as: UTF8.self).split(separator: "\n").map { Data($0.utf8) }
                        zbarFound += Self.matches(sample.payloads, in: lines)
                    }
                }
                var zxingFound = 0, zxingSeconds = 0.0
                if let reference {
                    let readings = try reference.read(grayPaths.map(\.path), directory: directory)
                    for (file, reading) in zip(grayPaths, readings) {
                        zxingFound += Self.matches(file.payloads, in: reading.payloads)
                        zxingSeconds += reading.seconds
                    }
                }
                let n = Double(group.count)
                results.append(DecodeClassResult(
                    distortion: distortion.rawValue, images: group.count, codes: codes,
                    seqrFound: seqrFound, zbarFound: zbarimg == nil ? nil : zbarFound,
                    seqrProcessMsPerImage: seqrSeconds * 1000 / n,
                    zbarProcessMsPerImage: zbarimg == nil ? nil : zbarSeconds * 1000 / n,
                    seqrInProcessMsPerImage: inProcessSeconds * 1000 / n,
                    zxingFound: reference == nil ? nil : zxingFound,
                    zxingInProcessMsPerImage: reference == nil ? nil : zxingSeconds * 1000 / n,
                    seqrThoroughFound: thorough ? thoroughFound : nil,
                    seqrThoroughWithoutZBarFound: thorough ? withoutZBarFound : nil))
            }

            let report = Report(date: ISO8601DateFormatter().string(from: Date()), machine: Self.machineDescription(), encode: encode, decode: results, photos: photoResults)
            if json {
                try JSONOutput.print(report)
            } else {
                StandardStreams.print(Self.markdown(report))
            }
        }

        private func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            guard !sorted.isEmpty else { return 0 }
            return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        }

        private static func jsonPayloads(_ output: Data) -> [Data] {
            struct Image: Decodable { struct Code: Decodable { let payloadBase64: String }; let codes: [Code] }
            let images = (try? JSONDecoder().decode([Image].self, from: output)) ?? []
            return images.flatMap(\.codes).compactMap { Data(base64Encoded: $0.payloadBase64) }
        }

        /// How many expected payloads appear among the decoded ones.
        private static func matches(_ expected: [Data], in found: [Data]) -> Int {
            expected.filter { found.contains($0) }.count
        }

        static func machineDescription() -> String {
            let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
                .split(separator: "\n").first { $0.hasPrefix("model name") }?
                .split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
            return "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores"
        }

        static func markdown(_ report: Report) -> String {
            func f(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "–" }
            func pct(_ found: Int?, _ total: Int) -> String {
                guard let found else { return "–" }
                return String(format: "%d/%d (%.0f%%)", found, total, 100 * Double(found) / Double(max(total, 1)))
            }
            var lines = ["Machine: \(report.machine); \(report.date)", ""]
            if let photos = report.photos { lines += photoMarkdown(photos) + [""] }
            guard let encode = report.encode else { return lines.joined(separator: "\n") }
            lines += [
                "Encode 1 KB → PNG, whole process, median of \(encode.runs) runs:",
                "",
                "| tool | ms | ratio |",
                "| --- | ---: | ---: |",
                "| seqr encode | \(f(encode.seqrMedianMs)) | \(f(encode.ratio))× |",
                "| qrencode | \(f(encode.qrencodeMedianMs)) | 1.0× |",
                "| seqr --version (start-up only) | \(f(encode.seqrStartupMedianMs)) | |",
                "",
                "Decode, degraded corpus (one process per image; in-process is decoding alone, the image in memory; "
                    + "zxing-cpp is its Python binding on the same pixels):",
                "",
                "| class | codes | seqr found | zxing-cpp found | zbarimg found | seqr ms/image | zbarimg ms/image | seqr in-process ms | zxing-cpp in-process ms |",
                "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
            ]
            for r in report.decode {
                lines.append("| \(r.distortion) | \(r.codes) | \(pct(r.seqrFound, r.codes)) | \(pct(r.zxingFound, r.codes)) | \(pct(r.zbarFound, r.codes)) | "
                    + "\(f(r.seqrProcessMsPerImage)) | \(f(r.zbarProcessMsPerImage)) | \(f(r.seqrInProcessMsPerImage)) | \(f(r.zxingInProcessMsPerImage)) |")
            }
            if report.decode.contains(where: { $0.seqrThoroughFound != nil }) {
                lines += ["", "Thorough mode, in process:", "", "| class | codes | seqr --thorough | without ZBar |", "| --- | ---: | ---: | ---: |"]
                for r in report.decode {
                    lines.append("| \(r.distortion) | \(r.codes) | \(pct(r.seqrThoroughFound, r.codes)) | \(pct(r.seqrThoroughWithoutZBarFound, r.codes)) |")
                }
            }
            return lines.joined(separator: "\n")
        }
    }
}
