import Foundation

/// The authenticator data of WebAuthn Level 3 §6.1, read from untrusted bytes:
///
/// | offset | size | field |
/// | --- | --- | --- |
/// | 0 | 32 | rpIdHash, SHA-256 of the relying party id |
/// | 32 | 1 | flags: UP 0x01, UV 0x04, BE 0x08, BS 0x10, AT 0x40, ED 0x80 |
/// | 33 | 4 | signCount, big-endian |
/// | 37 | … | attested credential data (AT): aaguid (16), credential id length (2, big-endian), id, COSE key |
/// | … | … | extensions (ED): one CBOR map |
///
/// Nothing may follow; a flag without its part, or a part without its flag, is refused.
public struct AuthenticatorData: Sendable {
    public struct AttestedCredential: Sendable {
        public var aaguid: Data
        public var credentialID: Data
        public var publicKey: COSEPublicKey
    }

    /// Credential ids longer than this are refused (WebAuthn Level 3 caps them at 1023 bytes).
    public static let maximumCredentialIDLength = 1023

    public let rpIDHash: Data
    public let flags: UInt8
    public let signCount: UInt32
    public let attestedCredential: AttestedCredential?

    public var userPresent: Bool { flags & 0x01 != 0 }
    public var userVerified: Bool { flags & 0x04 != 0 }
    public var backupEligible: Bool { flags & 0x08 != 0 }
    public var backedUp: Bool { flags & 0x10 != 0 }

    public init(parsing data: Data) throws(WebAuthnError) {
        let bytes = [UInt8](data)
        guard bytes.count >= 37 else { throw .malformedAuthenticatorData("\(bytes.count) bytes, fewer than 37") }
        rpIDHash = Data(bytes[0..<32])
        flags = bytes[32]
        signCount = bytes[33..<37].reduce(0) { $0 << 8 | UInt32($1) }
        if flags & 0x10 != 0 && flags & 0x08 == 0 { throw .malformedAuthenticatorData("backed up but not backup-eligible") }
        var offset = 37
        if flags & 0x40 != 0 {
            guard bytes.count >= offset + 18 else { throw .malformedAuthenticatorData("attested credential data truncated") }
            let aaguid = Data(bytes[offset..<offset + 16])
            let length = Int(bytes[offset + 16]) << 8 | Int(bytes[offset + 17])
            offset += 18
            guard length >= 1, length <= Self.maximumCredentialIDLength, bytes.count >= offset + length else {
                throw .malformedAuthenticatorData("a credential id of \(length) bytes")
            }
            let credentialID = Data(bytes[offset..<offset + length])
            offset += length
            var reader = CBORReader(bytes, offset: offset)
            let key = try reader.read()
            let keyBytes = Data(bytes[offset..<reader.offset])
            offset = reader.offset
            attestedCredential = AttestedCredential(aaguid: aaguid, credentialID: credentialID, publicKey: try COSEPublicKey(key, bytes: keyBytes))
        } else {
            attestedCredential = nil
        }
        if flags & 0x80 != 0 {
            var reader = CBORReader(bytes, offset: offset)
            guard case .map = try reader.read() else { throw .malformedAuthenticatorData("extensions that are not a map") }
            offset = reader.offset
        }
        guard offset == bytes.count else { throw .malformedAuthenticatorData("\(bytes.count - offset) bytes left over") }
    }
}
