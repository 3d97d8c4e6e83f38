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
INSERT INTO account VALUES('0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f1','fixture-v5','$argon2id$fixture','pbkdf2-sha256',210000,'Gb3r9VzbHx+yYtFmfLuE7A==',0,1800000000.0);
CREATE TABLE session (
  token_hash BLOB PRIMARY KEY, account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
  created_at DOUBLE NOT NULL, expires_at DOUBLE NOT NULL);
CREATE TABLE note (
  id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
  title BLOB NOT NULL, info BLOB NOT NULL, format TEXT NOT NULL,
  kdf_algorithm TEXT NOT NULL, kdf_iterations INTEGER NOT NULL, kdf_salt TEXT,
  version INTEGER NOT NULL, created_at DOUBLE NOT NULL, updated_at DOUBLE NOT NULL);
INSERT INTO note VALUES('11111111-2222-4333-8444-555555555555','0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f1',X'0359537037af61add832833b03a238492c3b3f30fd93861687e7e2beb67e75faae39221e8fa38e966d348c9237e6',X'03e204466c84802623e52c94e1a7921e39c4dd75c1a6ca6818146b6df187a00e57a86879a878759a24756de2a9083eab70','seqr-aead-v1','pbkdf2-sha256',210000,'tt04YK4LTi6X3vrcPLKhog==',1,1800000000.0,1800000000.0);
CREATE TABLE location_share (
  id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
  format TEXT NOT NULL, created_at DOUBLE NOT NULL, expires_at DOUBLE, next_seq INTEGER NOT NULL DEFAULT 1);
INSERT INTO location_share VALUES('c2VxciBzY2hlbWEgZml4dHVyZQ','0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f1','seqr-location-v1',1800000000.0,NULL,2);
CREATE TABLE location_fix (
  share_id TEXT NOT NULL REFERENCES location_share(id) ON DELETE CASCADE, seq INTEGER NOT NULL,
  data TEXT NOT NULL, received_at DOUBLE NOT NULL, PRIMARY KEY (share_id, seq));
INSERT INTO location_fix VALUES('c2VxciBzY2hlbWEgZml4dHVyZQ',1,'fixture fix',1795813642.8250846862);
CREATE TABLE server_key (name TEXT PRIMARY KEY, key BLOB NOT NULL, created_at DOUBLE NOT NULL);
CREATE TABLE account_key (
  account_id TEXT PRIMARY KEY REFERENCES account(id) ON DELETE CASCADE,
  kdf_algorithm TEXT NOT NULL, kdf_iterations INTEGER NOT NULL, kdf_salt TEXT NOT NULL, created_at DOUBLE NOT NULL);
INSERT INTO account_key VALUES('0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f1','pbkdf2-sha256',210000,'tt04YK4LTi6X3vrcPLKhog==',1800000000.0);
CREATE TABLE unlock_method (
  account_id TEXT NOT NULL REFERENCES account_key(account_id) ON DELETE CASCADE, id TEXT NOT NULL,
  kind TEXT NOT NULL, wrapped_key BLOB NOT NULL, created_at DOUBLE NOT NULL, PRIMARY KEY (account_id, id));
INSERT INTO unlock_method VALUES('0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f1','password','password',X'0150ef4702fe95db5da0eca6bf25d0d8b43797d2c0e5b666ef44e4e3e8dc6259f5e48f2fa5d5231e4142314821a9c8226a7867334fa49649af6502875b',1800000000.0);
CREATE INDEX session_account ON session(account_id);
CREATE INDEX note_account ON note(account_id);
CREATE INDEX location_share_account ON location_share(account_id);
COMMIT;
