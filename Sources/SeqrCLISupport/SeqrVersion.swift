/// The version `seqr --version` and `seqr-server --version` print: one number for the package.
public enum SeqrVersion {
    public static let current = "0.1.0"
}
