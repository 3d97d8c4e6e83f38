import Crypto
import Foundation

/// A WebAuthn relying party: one web origin, whose host is the RP id. It verifies a passkey's
/// registration (§7.1) and its assertions (§7.2) and returns nothing until every check passed:
/// the ceremony type, the challenge (constant time), the origin (no cross-origin iframe), the
/// rpIdHash, user presence and — by default — user verification, and for an assertion the
/// signature over authenticatorData ‖ SHA-256(clientDataJSON) and a rising signature counter.
/// Attestation is not asked for and not checked: only the key matters here, not the maker of
/// the authenticator, so only `fmt: "none"` is accepted (what browsers send for `attestation: "none"`).
public struct WebAuthnRelyingParty: Sendable, Equatable {
    /// The relying party id: the origin's host, never an IP address (WebAuthn refuses those).
    public let id: String
    /// The one origin whose pages may register and use passkeys, e.g. `https://notes.example`.
    public let origin: String

    /// `origin` is `https://HOST[:PORT]`, or `http://localhost[:PORT]` (browsers treat localhost
    /// as secure), with no path; HOST must be a domain name.
    public init(origin text: String) throws(WebAuthnError) {
        let origin = text
        guard let components = URLComponents(string: origin), let scheme = components.scheme?.lowercased(),
              let host = components.host?.lowercased(), !host.isEmpty else {
            throw .invalidOrigin(origin, reason: "not a URL like https://notes.example")
        }
        guard components.path.isEmpty || components.path == "/", components.query == nil, components.fragment == nil,
              components.user == nil, components.password == nil else {
            throw .invalidOrigin(origin, reason: "an origin has no path, query or user")
        }
        guard scheme == "https" || (scheme == "http" && host == "localhost") else {
            throw .invalidOrigin(origin, reason: "passkeys need https (or http://localhost)")
        }
        guard !Self.isIPAddress(host) else {
            throw .invalidOrigin(origin, reason: "a relying party id cannot be an IP address: name the server by its domain (localhost for tests)")
        }
        id = host
        self.origin = "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
    }

    static func isIPAddress(_ host: String) -> Bool {
        if host.contains(":") || host.hasPrefix("[") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
            || host.allSatisfy { $0.isNumber || $0 == "." }
    }

    /// A credential a registration verified: what the server stores.
    public struct Registration: Sendable {
        public var credentialID: Data
        public var publicKey: COSEPublicKey
        public var signCount: UInt32
        public var userVerified: Bool
        public var backupEligible: Bool
    }

    /// An assertion that verified: the counter to store.
    public struct Assertion: Sendable, Equatable {
        public var signCount: UInt32
        public var userVerified: Bool
    }

    /// Verifies `navigator.credentials.create`'s response against the challenge issued for it.
    /// `credentialID` is the id the client reports (rawId); it must be the attested one.
    public func verifyRegistration(credentialID: Data, clientDataJSON: Data, attestationObject: Data, challenge: Data,
                                   requireUserVerification: Bool = true) throws(WebAuthnError) -> Registration {
        try checkClientData(clientDataJSON, type: "webauthn.create", challenge: challenge)
        let object = try CBORReader.decode(attestationObject)
        guard let format = object["fmt"]?.textString else { throw .unsupportedAttestation("no fmt") }
        guard format == "none", object["attStmt"]?.mapEntries?.isEmpty == true else { throw .unsupportedAttestation(format) }
        guard let authData = object["authData"]?.byteString else { throw .unsupportedAttestation("no authData") }
        let data = try AuthenticatorData(parsing: authData)
        try checkAuthenticatorData(data, requireUserVerification: requireUserVerification)
        guard let credential = data.attestedCredential else { throw .unsupportedAttestation("no attested credential") }
        guard constantTimeEqual(credential.credentialID, credentialID) else { throw .credentialIDMismatch }
        return Registration(credentialID: credential.credentialID, publicKey: credential.publicKey, signCount: data.signCount,
                            userVerified: data.userVerified, backupEligible: data.backupEligible)
    }

    /// Verifies `navigator.credentials.get`'s response for a stored credential.
    public func verifyAssertion(clientDataJSON: Data, authenticatorData: Data, signature: Data, challenge: Data,
                                publicKey: COSEPublicKey, storedSignCount: UInt32,
                                requireUserVerification: Bool = true) throws(WebAuthnError) -> Assertion {
        try checkClientData(clientDataJSON, type: "webauthn.get", challenge: challenge)
        let data = try AuthenticatorData(parsing: authenticatorData)
        try checkAuthenticatorData(data, requireUserVerification: requireUserVerification)
        try publicKey.verify(signature, over: authenticatorData + Data(SHA256.hash(data: clientDataJSON)))
        // A counter of 0 on both sides: an authenticator without one (synced passkeys). Else it must rise.
        if storedSignCount != 0 || data.signCount != 0, data.signCount <= storedSignCount {
            throw .signCountDidNotRise(stored: storedSignCount, received: data.signCount)
        }
        return Assertion(signCount: data.signCount, userVerified: data.userVerified)
    }

    private func checkClientData(_ json: Data, type: String, challenge: Data) throws(WebAuthnError) {
        let client = try CollectedClientData(parsing: json)
        guard client.type == type else { throw .wrongCeremonyType(client.type) }
        guard let sent = Base64URL.decode(client.challenge), constantTimeEqual(sent, challenge) else { throw .challengeMismatch }
        guard client.origin == origin else { throw .originMismatch(client.origin) }
        guard client.crossOrigin != true else { throw .crossOrigin }
    }

    private func checkAuthenticatorData(_ data: AuthenticatorData, requireUserVerification: Bool) throws(WebAuthnError) {
        guard constantTimeEqual(data.rpIDHash, Data(SHA256.hash(data: Data(id.utf8)))) else { throw .relyingPartyMismatch }
        guard data.userPresent else { throw .userNotPresent }
        guard data.userVerified || !requireUserVerification else { throw .userNotVerified }
    }
}
