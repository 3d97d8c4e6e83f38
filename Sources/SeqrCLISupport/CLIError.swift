/// A failure the user can act on; ArgumentParser prints it as one `Error:` line and exits 1.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
