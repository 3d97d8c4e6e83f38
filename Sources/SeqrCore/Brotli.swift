import CBrotli
import Foundation

/// Brotli compression through libbrotli (Google's reference library).
public enum Brotli {
    /// Compresses at the highest quality: vault documents are small and written once.
    public static func compress(_ input: [UInt8], quality: Int32 = BROTLI_MAX_QUALITY) throws(CompressionError) -> [UInt8] {
        var size = BrotliEncoderMaxCompressedSize(input.count)
        if size == 0 { size = input.count + 1024 }
        var output = [UInt8](repeating: 0, count: size)
        let ok = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                BrotliEncoderCompress(quality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_GENERIC,
                                      source.count, source.baseAddress, &size, target.baseAddress)
            }
        }
        guard ok == BROTLI_TRUE else { throw .compressorFailed }
        return Array(output.prefix(size))
    }

    /// Decompresses, refusing to produce more than `limit` bytes.
    public static func decompress(_ input: [UInt8], limit: Int) throws(CompressionError) -> [UInt8] {
        guard let state = BrotliDecoderCreateInstance(nil, nil, nil) else { throw .compressorFailed }
        defer { BrotliDecoderDestroyInstance(state) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var result = BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT
        var leftover = 0
        try input.withUnsafeBufferPointer { (source) throws(CompressionError) in
            var availableIn = source.count
            var nextIn = source.baseAddress
            defer { leftover = availableIn }
            while result == BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT {
                var availableOut = chunk.count
                let produced: Int = chunk.withUnsafeMutableBufferPointer { target in
                    var nextOut = target.baseAddress
                    result = BrotliDecoderDecompressStream(state, &availableIn, &nextIn, &availableOut, &nextOut, nil)
                    return target.count - availableOut
                }
                output.append(contentsOf: chunk.prefix(produced))
                if output.count > limit { throw .tooLarge(limit: limit) }
            }
        }
        // NEEDS_MORE_INPUT with all input used means the stream was cut short; bytes left
        // over after a complete stream mean something was appended.
        guard result == BROTLI_DECODER_RESULT_SUCCESS, leftover == 0 else { throw .corrupt }
        return output
    }
}
