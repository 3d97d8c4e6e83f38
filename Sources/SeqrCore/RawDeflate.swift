import CZlib

/// Raw DEFLATE (RFC 1951, no zlib or gzip wrapper) through zlib, as SMART Health Cards use it.
public enum RawDeflate {
    /// Raw DEFLATE at zlib's best compression.
    public static func compress(_ input: [UInt8]) throws(CompressionError) -> [UInt8] {
        var stream = z_stream()
        var status = deflateInit2_(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw .zlib(status) }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 16)
        var source = input
        status = source.withUnsafeMutableBufferPointer { src in
            output.withUnsafeMutableBufferPointer { dst in
                stream.next_in = src.baseAddress
                stream.avail_in = uInt(src.count)
                stream.next_out = dst.baseAddress
                stream.avail_out = uInt(dst.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw .zlib(status) }
        return Array(output.prefix(Int(stream.total_out)))
    }

    /// Inflates, refusing more than `limit` bytes of output or input that does not end cleanly.
    public static func decompress(_ input: [UInt8], limit: Int) throws(CompressionError) -> [UInt8] {
        var stream = z_stream()
        var status = inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw .zlib(status) }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var source = input
        var leftover = 0
        try source.withUnsafeMutableBufferPointer { (src) throws(CompressionError) in
            stream.next_in = src.baseAddress
            stream.avail_in = uInt(src.count)
            repeat {
                let produced: Int = chunk.withUnsafeMutableBufferPointer { dst in
                    stream.next_out = dst.baseAddress
                    stream.avail_out = uInt(dst.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    return dst.count - Int(stream.avail_out)
                }
                guard status == Z_OK || status == Z_STREAM_END else { throw .corrupt }
                output.append(contentsOf: chunk.prefix(produced))
                if output.count > limit { throw .tooLarge(limit: limit) }
                if status == Z_OK && produced == 0 && stream.avail_in == 0 { throw .corrupt }  // truncated
            } while status != Z_STREAM_END
            leftover = Int(stream.avail_in)
        }
        guard leftover == 0 else { throw .corrupt }
        return output
    }
}
