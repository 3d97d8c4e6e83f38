import Foundation
import SeqrCore
import SeqrServer

/// Records for the contract tests: fixed times (which both databases store exactly), random ids and bytes.
enum Fixture {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    static let retention = LocationRetention(limit: 100, maxAge: 3600)

    static func bytes(_ count: Int) -> Data { Data((0..<count).map { _ in UInt8.random(in: 0...255) }) }

    static func account() -> AccountRecord {
        AccountRecord(id: UUID(), username: "contract-\(UUID().uuidString.prefix(12).lowercased())", authHash: "hash-\(UUID())",
                      kdf: .fresh(iterations: AccountKDFParameters.minimumIterations), pro: false, createdAt: t0)
    }

    static func storedAccount(in repository: any SeqrRepository) async throws -> AccountRecord {
        let account = account()
        try await repository.createAccount(account)
        return account
    }

    /// Random bytes where the ciphertext would be: the repository never looks inside.
    static func content(id: UUID, bytes count: Int = 32) -> EncryptedNote {
        EncryptedNote(id: id, title: bytes(count), info: bytes(count), format: .seqrAEAD,
                      kdf: NoteKDF(.fresh(iterations: AccountKDFParameters.minimumIterations)))
    }

    static func note(owner: UUID, created: Date = t0) -> NoteRecord {
        let id = UUID()
        return NoteRecord(id: id, accountID: owner, note: content(id: id), version: 1, createdAt: created, updatedAt: created)
    }

    static func shareID() -> String { Base64URL.encode(bytes(16)) }

    static func share(owner: UUID, id: String = shareID(), format: LocationFormat = .seqrLocationV1, created: Date = t0,
                      expires: Date? = nil) -> LocationShareRecord {
        LocationShareRecord(id: id, accountID: owner, format: format, createdAt: created, expiresAt: expires)
    }
}
