import Foundation
import Hummingbird

/// A browser keyring's counter kept with the account (docs/formats/web-keyring.md): the web app
/// seals it under the account key and saves it after its keyring's writes, and reads it back at
/// unlock, so that its whole keyring put back from an older moment is noticed. The server keeps
/// the sealed bytes and their time only: it learns that a keyring wrote, never what or how often
/// beyond the saves it sees.
extension AccountsService {
    /// The most keyrings (browsers) an account keeps counters for; a further one replaces the one written longest ago.
    static let maximumKeyringCounters = 16
    /// Sealed bytes a counter may take (what openapi.yaml's pattern spells): the page's are 36 (a 12-byte nonce, 8 bytes, a 16-byte tag).
    static let keyringCounterBytes = 12...254

    struct KeyringCounter: Codable {
        var sealed: Data
        var updatedAt: Date
    }

    struct SaveKeyringCounter: Codable {
        var sealed: Data
    }

    func addKeyringCounterRoutes(to signedIn: RouterGroup<SeqrRequestContext>) {
        signedIn.get("account/keyrings/:keyring", use: keyringCounter)
        signedIn.put("account/keyrings/:keyring", use: saveKeyringCounter)
    }

    /// A keyring id as the page makes it: 16 random bytes in lowercase hex.
    static func keyringID(_ context: SeqrRequestContext) throws -> String {
        guard let id = context.parameters.get("keyring"), id.utf8.count == 32,
              id.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            throw APIError(.notFound, "not_found", "no such keyring: an id is 32 lowercase hex digits")
        }
        return id
    }

    @Sendable func keyringCounter(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let id = try Self.keyringID(context)
        guard let found = try await repository.keyringCounter(owner: context.account!.id, keyring: id) else {
            throw APIError(.notFound, "not_found", "this account keeps no counter for this keyring")
        }
        return try JSONBody.response(KeyringCounter(sealed: found.sealed, updatedAt: found.updatedAt))
    }

    @Sendable func saveKeyringCounter(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let id = try Self.keyringID(context)
        let body = try await JSONBody.decode(SaveKeyringCounter.self, request, limit: 1024)
        guard Self.keyringCounterBytes.contains(body.sealed.count) else {
            throw APIError.badRequest("sealed must be \(Self.keyringCounterBytes.lowerBound)–\(Self.keyringCounterBytes.upperBound) bytes of base64")
        }
        let record = KeyringCounterRecord(accountID: context.account!.id, keyringID: id, sealed: body.sealed, updatedAt: Date())
        try await repository.saveKeyringCounter(record, limit: Self.maximumKeyringCounters)
        return Response(status: .noContent)
    }
}
