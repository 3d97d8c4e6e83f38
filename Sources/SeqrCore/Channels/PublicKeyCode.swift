/// The public-key QR code (type 1): header, then the public identity.
public enum PublicKeyCode {
    /// The public-key code of `identity`: what a person shows so that others can share channels with them.
    public static func encode(_ identity: PublicIdentity) -> [UInt8] {
        SeqrCodeType.publicKey.header + identity.serialized()
    }

    /// `checkingName: false` only for keys read back from one's own store, which may have been
    /// written before names were checked: show their names with `DisplayName.escaped`.
    public static func decode(_ bytes: [UInt8], checkingName: Bool = true) throws(ChannelError) -> PublicIdentity {
        guard try SeqrCodeType.classify(bytes) == .publicKey else { throw .unknownType(bytes[3]) }
        var reader = ByteReader(Array(bytes.dropFirst(4)), truncated: ChannelError.truncated)
        let identity = try PublicIdentity(reading: &reader, checkingName: checkingName)
        guard reader.remaining == 0 else { throw .invalidContent("trailing bytes") }
        return identity
    }
}
