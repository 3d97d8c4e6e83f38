PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
INSERT INTO grdb_migrations VALUES('v1-accounts');
INSERT INTO grdb_migrations VALUES('v1-sessions');
INSERT INTO grdb_migrations VALUES('v1-notes');
CREATE TABLE account (
  id TEXT PRIMARY KEY, username TEXT NOT NULL UNIQUE, auth_hash TEXT NOT NULL,
  kdf_algorithm TEXT NOT NULL, kdf_iterations INTEGER NOT NULL, kdf_salt TEXT NOT NULL,
  pro INTEGER NOT NULL DEFAULT 0, created_at DOUBLE NOT NULL);
INSERT INTO account VALUES('0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f1','fixture-v1','$argon2id$fixture','pbkdf2-sha256',210000,'yHXEgv3+Fi0SOOyBoqPmow==',0,1800000000.0);
CREATE TABLE session (
  token_hash BLOB PRIMARY KEY, account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
  created_at DOUBLE NOT NULL, expires_at DOUBLE NOT NULL);
CREATE TABLE note (
  id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
  title BLOB NOT NULL, info BLOB NOT NULL, format TEXT NOT NULL,
  kdf_algorithm TEXT NOT NULL, kdf_iterations INTEGER NOT NULL, kdf_salt TEXT,
  version INTEGER NOT NULL, created_at DOUBLE NOT NULL, updated_at DOUBLE NOT NULL);
INSERT INTO note VALUES('11111111-2222-4333-8444-555555555555','0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f1',X'03ba357ca331e8a799e365f9f3a894286d53dd2a318db89aed19ada4c2c817749939c6c71b548e7336995ab18949',X'03447f7fb4e472f594cb3e294a01c342907b72ec42946a8a1246d2492f577027aea034017e8f40e1a7c09506efbcb5c5aa','seqr-aead-v1','pbkdf2-sha256',210000,'yHXEgv3+Fi0SOOyBoqPmow==',1,1800000000.0,1800000000.0);
CREATE INDEX session_account ON session(account_id);
CREATE INDEX note_account ON note(account_id);
COMMIT;
