import Crypto
import Foundation

/// The key a paper emergency kit prints as SLIP-0039 key sheets (docs/formats/notes.md, "Paper
/// emergency kit"): 32 bytes from the system RNG, from which two independent HKDF outputs derive —
/// an authentication key that signs in without the password, and a wrapping key that wraps the
/// account key as the unlock method of kind `kit`.
///
/// Security contract: the server receives ``authenticationToken`` only at a kit sign-in and keeps
/// ``methodID`` (SHA-256 of the authentication key, its verifier); neither reveals the wrapping
/// key, so the server never holds anything that opens the account key. Anyone holding the key —
/// that is, *k* sheets — holds the account.
public struct NotesKitKey: Sendable {
    /// Every kit key is this long (33-word sheets).
    public static let byteCount = 32

    private let secret: SymmetricKey

    /// A new kit's key, from the system RNG.
    public static func random() -> NotesKitKey { NotesKitKey(secret: SymmetricKey(data: SecureRandom.data(byteCount))) }

    private init(secret: SymmetricKey) { self.secret = secret }

    /// The key as the sheets restored it; ``NotesKitError/malformedKitKey(length:)`` when it is not 32 bytes.
    public init(bytes: [UInt8]) throws(NotesKitError) {
        guard bytes.count == Self.byteCount else { throw .malformedKitKey(length: bytes.count) }
        secret = SymmetricKey(data: bytes)
    }

    /// The bytes to split into sheets.
    public var bytes: [UInt8] { secret.withUnsafeBytes { [UInt8]($0) } }

    /// Proves the kit to the server at `POST /v1/sessions/kit`.
    public var authenticationKey: SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: secret, info: Data("seqr notes kit v1 authentication".utf8), outputByteCount: 32)
    }

    /// Wraps the account key; never leaves the client.
    public var wrappingKey: SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: secret, info: Data("seqr notes kit v1 key wrapping".utf8), outputByteCount: 32)
    }

    /// Authenticates the account code printed on each sheet.
    private var accountCodeKey: SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: secret, info: Data("seqr notes kit v1 account code".utf8), outputByteCount: 32)
    }

    /// The account code's tag: HMAC-SHA256 of its bytes under ``accountCodeKey``, first 16 bytes.
    func accountCodeTag(for signedBytes: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: signedBytes, using: accountCodeKey).prefix(NotesKitAccountCode.tagLength))
    }

    /// Refuses (``NotesKitError/accountCodeNotOfThisKit``) an account code this kit did not print —
    /// changed by someone holding fewer sheets than the kit needs — compared in constant time.
    public func verify(_ code: NotesKitAccountCode) throws(NotesKitError) {
        guard constantTimeEqual(accountCodeTag(for: code.signedBytes), code.tag) else { throw .accountCodeNotOfThisKit }
    }

    /// ``authenticationKey`` in base64, as the server receives it.
    public var authenticationToken: String { authenticationKey.withUnsafeBytes { Data($0).base64EncodedString() } }

    /// The kit's method id, which is also its sign-in verifier: base64url of SHA-256 of the authentication key.
    public var methodID: String { authenticationKey.withUnsafeBytes { Self.methodID(authenticationKey: Data($0)) } }

    /// The method id (verifier) of an authentication key, as the server computes it from what a client sends.
    public static func methodID(authenticationKey: Data) -> String {
        Data(SHA256.hash(data: authenticationKey)).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// Whether `id` has the shape of a kit's method id (43 base64url characters), before any comparison.
    public static func isKitMethodID(_ id: String) -> Bool {
        id.count == 43 && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    /// The account key wrapped for this kit, bound to `username`, kind `kit` and ``methodID``.
    public func unlockMethod(for accountKey: AccountKey, username: String) -> NotesAPI.NewUnlockMethod {
        let id = methodID
        return NotesAPI.NewUnlockMethod(kind: .kit, id: id,
                                        wrappedKey: accountKey.wrapped(under: wrappingKey, username: username, kind: .kit, methodID: id).bytes)
    }

    /// The account key, opened from this kit's wrapped copy in `list`. Refused when the account has
    /// no key, lists no kit with this id (revoked), or its copy does not open (altered or swapped).
    public func accountKey(from list: NotesAPI.UnlockMethodList, username: String) throws(NotesKitError) -> AccountKey {
        guard let noteKDF = list.noteKDF else { throw .noAccountKey }
        let id = methodID
        guard let method = list.methods.first(where: { $0.kind == .kit && $0.id == id }) else { throw .kitNotOnAccount }
        do {
            let key = try WrappedAccountKey(parsing: method.wrappedKey).open(wrappingKey: wrappingKey, username: username, kind: .kit, methodID: id)
            return AccountKey(key: key, noteKDF: noteKDF)
        } catch {
            throw .wrappedKeyDoesNotOpen
        }
    }
}
