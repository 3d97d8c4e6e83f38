/// Everything seqr-server keeps — accounts, notes and location shares — in one database, with
/// one schema (``Schema``). Two implementations: ``SQLiteRepository`` (the embedded default) and
/// ``PostgresRepository``.
public protocol SeqrRepository: AccountRepository, AccountKeyRepository, KeyringCounterRepository, NoteRepository, LocationRepository {
    /// Applies the named, append-only migrations of ``Schema`` that are not applied yet.
    func migrate() async throws
}
