import Foundation

/// The paper emergency kit's half of seqr-server's storage: a kit is an unlock method of kind
/// `kit` (``UnlockMethodRecord``) whose id is its sign-in verifier, so it needs no table of its
/// own (docs/formats/notes.md, "Paper emergency kit"). Implemented by ``SQLiteRepository`` and
/// ``PostgresRepository``.
public protocol NotesKitRepository: Sendable {
    /// Removes every kit of the account and adds `kit`, in one transaction: printing a new kit
    /// revokes the old one, and there is never a moment with both or (once one existed) neither.
    /// ``RepositoryError/noAccountKey`` when the account has no key;
    /// ``RepositoryError/tooManyUnlockMethods(limit:)`` when it has `limit` methods besides its kits.
    func replaceKit(_ kit: UnlockMethodRecord, limit: Int) async throws
}
