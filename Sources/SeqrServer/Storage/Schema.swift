/// seqr-server's tables, as one list of named migrations, each with its SQLite and its
/// PostgreSQL DDL side by side so the two cannot drift apart. Append-only: a database records
/// the names it has applied (GRDB's `grdb_migrations` on SQLite, `seqr_migrations` on
/// PostgreSQL), so a name, once shipped, is never renamed, edited or removed.
enum Schema {
    struct Migration: Sendable {
        let name: String
        let sqlite: [String]
        let postgres: [String]
    }

    static let migrations: [Migration] = [
        Migration(
            name: "v1-accounts",
            sqlite: ["""
                CREATE TABLE account (
                  id TEXT PRIMARY KEY, username TEXT NOT NULL UNIQUE, auth_hash TEXT NOT NULL,
                  kdf_algorithm TEXT NOT NULL, kdf_iterations INTEGER NOT NULL, kdf_salt TEXT NOT NULL,
                  pro INTEGER NOT NULL DEFAULT 0, created_at DOUBLE NOT NULL)
                """],
            postgres: ["""
                CREATE TABLE account (
                  id UUID PRIMARY KEY, username TEXT NOT NULL UNIQUE, auth_hash TEXT NOT NULL,
                  kdf_algorithm TEXT NOT NULL, kdf_iterations BIGINT NOT NULL, kdf_salt TEXT NOT NULL,
                  pro BOOLEAN NOT NULL DEFAULT FALSE, created_at DOUBLE PRECISION NOT NULL)
                """]),
        Migration(
            name: "v1-sessions",
            sqlite: ["""
                CREATE TABLE session (
                  token_hash BLOB PRIMARY KEY, account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                  created_at DOUBLE NOT NULL, expires_at DOUBLE NOT NULL)
                """, "CREATE INDEX session_account ON session(account_id)"],
            postgres: ["""
                CREATE TABLE session (
                  token_hash BYTEA PRIMARY KEY, account_id UUID NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                  created_at DOUBLE PRECISION NOT NULL, expires_at DOUBLE PRECISION NOT NULL)
                """, "CREATE INDEX session_account ON session(account_id)"]),
        Migration(
            name: "v1-notes",
            sqlite: ["""
                CREATE TABLE note (
                  id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                  title BLOB NOT NULL, info BLOB NOT NULL, format TEXT NOT NULL,
                  kdf_algorithm TEXT NOT NULL, kdf_iterations INTEGER NOT NULL, kdf_salt TEXT,
                  version INTEGER NOT NULL, created_at DOUBLE NOT NULL, updated_at DOUBLE NOT NULL)
                """, "CREATE INDEX note_account ON note(account_id)"],
            postgres: ["""
                CREATE TABLE note (
                  id UUID PRIMARY KEY, account_id UUID NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                  title BYTEA NOT NULL, info BYTEA NOT NULL, format TEXT NOT NULL,
                  kdf_algorithm TEXT NOT NULL, kdf_iterations BIGINT NOT NULL, kdf_salt TEXT,
                  version BIGINT NOT NULL, created_at DOUBLE PRECISION NOT NULL, updated_at DOUBLE PRECISION NOT NULL)
                """, "CREATE INDEX note_account ON note(account_id)"]),
        Migration(
            name: "v2-location",
            sqlite: ["""
                CREATE TABLE location_share (
                  id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                  format TEXT NOT NULL, created_at DOUBLE NOT NULL, expires_at DOUBLE, next_seq INTEGER NOT NULL DEFAULT 1)
                """, "CREATE INDEX location_share_account ON location_share(account_id)", """
                CREATE TABLE location_fix (
                  share_id TEXT NOT NULL REFERENCES location_share(id) ON DELETE CASCADE, seq INTEGER NOT NULL,
                  data TEXT NOT NULL, received_at DOUBLE NOT NULL, PRIMARY KEY (share_id, seq))
                """],
            postgres: ["""
                CREATE TABLE location_share (
                  id TEXT PRIMARY KEY, account_id UUID NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                  format TEXT NOT NULL, created_at DOUBLE PRECISION NOT NULL, expires_at DOUBLE PRECISION, next_seq BIGINT NOT NULL DEFAULT 1)
                """, "CREATE INDEX location_share_account ON location_share(account_id)", """
                CREATE TABLE location_fix (
                  share_id TEXT NOT NULL REFERENCES location_share(id) ON DELETE CASCADE, seq BIGINT NOT NULL,
                  data TEXT NOT NULL, received_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (share_id, seq))
                """]),
        Migration(
            name: "v3-server-keys",
            sqlite: ["CREATE TABLE server_key (name TEXT PRIMARY KEY, key BLOB NOT NULL, created_at DOUBLE NOT NULL)"],
            postgres: ["CREATE TABLE server_key (name TEXT PRIMARY KEY, key BYTEA NOT NULL, created_at DOUBLE PRECISION NOT NULL)"]),
        // Rate-limit counters shared by every instance (``WindowCounterStore``). SQLite serves one
        // process, whose limits stay in memory: nothing to create there.
        Migration(
            name: "v4-window-counters",
            sqlite: [],
            postgres: ["CREATE TABLE window_counter (key BYTEA PRIMARY KEY, count BIGINT NOT NULL, expires_at DOUBLE PRECISION NOT NULL)",
                       "CREATE INDEX window_counter_expiry ON window_counter(expires_at)"]),
        // One account key per account, wrapped per unlock method (``AccountKeyRepository``). An
        // account without an `account_key` row was made before them and keeps working as it was.
        Migration(
            name: "v5-account-keys",
            sqlite: ["""
                CREATE TABLE account_key (
                  account_id TEXT PRIMARY KEY REFERENCES account(id) ON DELETE CASCADE,
                  kdf_algorithm TEXT NOT NULL, kdf_iterations INTEGER NOT NULL, kdf_salt TEXT NOT NULL, created_at DOUBLE NOT NULL)
                """, """
                CREATE TABLE unlock_method (
                  account_id TEXT NOT NULL REFERENCES account_key(account_id) ON DELETE CASCADE, id TEXT NOT NULL,
                  kind TEXT NOT NULL, wrapped_key BLOB NOT NULL, created_at DOUBLE NOT NULL, PRIMARY KEY (account_id, id))
                """],
            postgres: ["""
                CREATE TABLE account_key (
                  account_id UUID PRIMARY KEY REFERENCES account(id) ON DELETE CASCADE,
                  kdf_algorithm TEXT NOT NULL, kdf_iterations BIGINT NOT NULL, kdf_salt TEXT NOT NULL, created_at DOUBLE PRECISION NOT NULL)
                """, """
                CREATE TABLE unlock_method (
                  account_id UUID NOT NULL REFERENCES account_key(account_id) ON DELETE CASCADE, id TEXT NOT NULL,
                  kind TEXT NOT NULL, wrapped_key BYTEA NOT NULL, created_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (account_id, id))
                """]),
        // Passkeys (``PasskeyRepository``): each tied to its unlock method, and gone with it.
        Migration(
            name: "v6-passkeys",
            sqlite: ["""
                CREATE TABLE passkey (
                  credential_id BLOB PRIMARY KEY, account_id TEXT NOT NULL, method_id TEXT NOT NULL,
                  public_key BLOB NOT NULL, sign_count INTEGER NOT NULL, created_at DOUBLE NOT NULL,
                  FOREIGN KEY (account_id, method_id) REFERENCES unlock_method(account_id, id) ON DELETE CASCADE)
                """, "CREATE INDEX passkey_account ON passkey(account_id)"],
            postgres: ["""
                CREATE TABLE passkey (
                  credential_id BYTEA PRIMARY KEY, account_id UUID NOT NULL, method_id TEXT NOT NULL,
                  public_key BYTEA NOT NULL, sign_count BIGINT NOT NULL, created_at DOUBLE PRECISION NOT NULL,
                  FOREIGN KEY (account_id, method_id) REFERENCES unlock_method(account_id, id) ON DELETE CASCADE)
                """, "CREATE INDEX passkey_account ON passkey(account_id)"]),
        // A browser keyring's write counter, sealed by the client under the account key
        // (``KeyringCounterRepository``): the server keeps ciphertext it cannot open.
        Migration(
            name: "v7-keyring-counters",
            sqlite: ["""
                CREATE TABLE keyring_counter (
                  account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE, keyring_id TEXT NOT NULL,
                  sealed BLOB NOT NULL, updated_at DOUBLE NOT NULL, PRIMARY KEY (account_id, keyring_id))
                """],
            postgres: ["""
                CREATE TABLE keyring_counter (
                  account_id UUID NOT NULL REFERENCES account(id) ON DELETE CASCADE, keyring_id TEXT NOT NULL,
                  sealed BYTEA NOT NULL, updated_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (account_id, keyring_id))
                """]),
    ]
}
