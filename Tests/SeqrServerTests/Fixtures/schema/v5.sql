PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
INSERT INTO grdb_migrations VALUES('v1-accounts');
INSERT INTO grdb_migrations VALUES('v1-sessions');
INSERT INTO grdb_migrations VALUES('v1-notes');
INSERT INTO grdb_migrations VALUES('v2-location');
INSERT INTO grdb_migrations VALUES('v3-server-keys');
INSERT INTO grdb_migrations VALUES('v4-window-counters');
INSERT INTO grdb_migrations VALUES('v5-account-keys');
CREATE TABLE account (
  id TEXT PRIMARY KEY, username TEXT NOT NULL UNIQUE, auth_hash TEXT NOT NULL,
  kdf_algorithm TEXT NOT NULL, kdf_iterations INTEGER NOT NULL, kdf_salt TEXT NOT NULL,
  pro INTEGER NOT NULL DEFAULT 0, created_at DOUBLE NOT NULL);
INSERT INTO account VALUES('0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f1','fixture-v5','$argon2id$fixture','pbkdf2-sha256',210000,'tIkKDW63mSxcIjrkQgLAXQ==',0,1800000000.0);
CREATE TABLE session (
  token_hash BLOB PRIMARY KEY, account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
  created_at DOUBLE NOT NULL, expires_at DOUBLE NOT NULL);
CREATE TABLE note (
  id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
  title BLOB NOT NULL, info BLOB NOT NULL, format TEXT NOT NULL,
  kdf_algorithm TEXT NOT NULL, kdf_iterations INTEGER NOT NULL, kdf_salt TEXT,
  version INTEGER NOT NULL, created_at DOUBLE NOT NULL, updated_at DOUBLE NOT NULL);
INSERT INTO note VALUES('11111111-2222-4333-8444-555555555555','0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f1',X'039d93d1bf14e6956ab760628cf4433f11d01233534ab24768664c4b268059e063f3ca92e4ecce140625fb53e7eb',X'0322c2e0e6c2135cd8d45abfe020065f3cd419cdf480d5007a98b541460b3b29594255b443af2a81b854d689413f0347e5','seqr-aead-v1','pbkdf2-sha256',210000,'tIkKDW63mSxcIjrkQgLAXQ==',1,1800000000.0,1800000000.0);
CREATE TABLE location_share (
  id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
  format TEXT NOT NULL, created_at DOUBLE NOT NULL, expires_at DOUBLE, next_seq INTEGER NOT NULL DEFAULT 1);
INSERT INTO location_share VALUES('c2VxciBzY2hlbWEgZml4dHVyZQ','0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f1','seqr-location-v1',1800000000.0,NULL,2);
CREATE TABLE location_fix (
  share_id TEXT NOT NULL REFERENCES location_share(id) ON DELETE CASCADE, seq INTEGER NOT NULL,
  data TEXT NOT NULL, received_at DOUBLE NOT NULL, PRIMARY KEY (share_id, seq));
INSERT INTO location_fix VALUES('c2VxciBzY2hlbWEgZml4dHVyZQ',1,'fixture fix',1795815682.3652377128);
CREATE TABLE server_key (name TEXT PRIMARY KEY, key BLOB NOT NULL, created_at DOUBLE NOT NULL);
CREATE TABLE account_key (
  account_id TEXT PRIMARY KEY REFERENCES account(id) ON DELETE CASCADE,
  kdf_algorithm TEXT NOT NULL, kdf_iterations INTEGER NOT NULL, kdf_salt TEXT NOT NULL, created_at DOUBLE NOT NULL);
CREATE TABLE unlock_method (
  account_id TEXT NOT NULL REFERENCES account_key(account_id) ON DELETE CASCADE, id TEXT NOT NULL,
  kind TEXT NOT NULL, wrapped_key BLOB NOT NULL, created_at DOUBLE NOT NULL, PRIMARY KEY (account_id, id));
CREATE INDEX session_account ON session(account_id);
CREATE INDEX note_account ON note(account_id);
CREATE INDEX location_share_account ON location_share(account_id);
COMMIT;
