/// Whether two byte strings of one length are equal, in time that depends on the length only:
/// share values and digests are secret, and an early exit would time where they first differ.
func constantTimeEqual(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
}
