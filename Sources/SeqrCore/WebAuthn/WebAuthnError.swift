/// Every way a WebAuthn response (a passkey's registration or assertion) can be refused, a case
/// per check of WebAuthn Level 3 §7.1 and §7.2 that failed. None says more than which check: a
/// server maps all of them to one refusal for the client.
public enum WebAuthnError: Error, Equatable, Sendable {
    /// The configured origin is not a web origin a relying party can have (`reason` says why:
    /// an IP address, a path, a scheme other than https or http://localhost).
    case invalidOrigin(String, reason: String)
    /// CBOR that is truncated, too deep, too long, uses a form WebAuthn forbids (indefinite
    /// lengths, tags, floats), or has a duplicate map key.
    case malformedCBOR(String)
    /// clientDataJSON is not JSON of the collected client data's shape, or too long.
    case malformedClientData
    /// clientDataJSON's `type` is not `webauthn.create` / `webauthn.get` as the ceremony asks.
    case wrongCeremonyType(String)
    /// clientDataJSON's challenge is not the one the server issued.
    case challengeMismatch
    /// clientDataJSON's origin is not the relying party's.
    case originMismatch(String)
    /// The ceremony ran in a cross-origin iframe, which this relying party does not allow.
    case crossOrigin
    /// authenticatorData is truncated, has bytes left over, or flags that contradict its contents.
    case malformedAuthenticatorData(String)
    /// authenticatorData's rpIdHash is not SHA-256 of the relying party id.
    case relyingPartyMismatch
    /// The authenticator did not set the user-present flag.
    case userNotPresent
    /// The authenticator did not verify the user (fingerprint, face, PIN) and the server requires it.
    case userNotVerified
    /// The attestation object has no attested credential, or a `fmt` this server does not accept.
    case unsupportedAttestation(String)
    /// The credential id the client names is not the one in the authenticator data, or is too long.
    case credentialIDMismatch
    /// A COSE key of a type or algorithm this server does not verify (ES256 and Ed25519 only), or malformed.
    case unsupportedPublicKey(String)
    /// The signature is not well formed for the key's algorithm.
    case malformedSignature
    /// The signature does not verify over authenticatorData ‖ SHA-256(clientDataJSON).
    case signatureInvalid
    /// The authenticator's signature counter did not rise: a cloned authenticator, or a replay.
    case signCountDidNotRise(stored: UInt32, received: UInt32)
}
