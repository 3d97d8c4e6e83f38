/// A failure the user can act on: the executables print it as one line ("seqr: …") and exit 1.
public struct CLIError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
