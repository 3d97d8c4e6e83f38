import SeqrQR
import SeqrTestSupport

extension ForeignImageFiles.Kind {
    /// The codec Seqr should recognise the file as.
    var codec: ImageCodec { ImageCodec(rawValue: formatName)! }
}
