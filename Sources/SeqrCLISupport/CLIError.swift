/// A failure the user can act on: the executables print it as one line ("seqr: …") and exit with
/// its ``ExitStatus`` (65, a wrong input, unless the thrower says otherwise).
public struct CLIError: Error, CustomStringConvertible {
    public let description: String
    public let status: ExitStatus
    public init(_ description: String, status: ExitStatus = .dataError) {
        self.description = description
        self.status = status
    }
}
