import Foundation
import GRDB
import SeqrCore

/// The local store's schema.
enum LocalStoreMigrations {
    /// Named and append-only: never edit a registered migration; add a new one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-identity") { db in
            try db.create(table: "identity") { t in
                t.column("id", .integer).primaryKey()
                t.column("keys", .blob).notNull()
                t.column("sealed", .boolean).notNull()
                t.column("created", .datetime).notNull()
            }
        }
        migrator.registerMigration("v1-channels") { db in
            try db.create(table: "channel") { t in
                t.column("id", .blob).primaryKey()
                t.column("name", .text).notNull()
                t.column("secret", .blob).notNull()
                t.column("owner", .blob).notNull()
                t.column("owned", .boolean).notNull()
                t.column("created", .datetime).notNull()
            }
        }
        migrator.registerMigration("v1-messages") { db in
            try db.create(table: "message") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("channelID", .blob).notNull().indexed()
                t.column("kind", .text).notNull()
                t.column("created", .datetime).notNull()
                t.column("expires", .datetime)
                t.column("content", .text).notNull()
                t.column("latitude", .double)
                t.column("longitude", .double)
                t.column("encoded", .blob).notNull()
                t.column("published", .boolean).notNull()
                t.column("recorded", .datetime).notNull()
            }
        }
        migrator.registerMigration("v1-spent-shares") { db in
            try db.create(table: "spentShare") { t in
                t.column("digest", .blob).primaryKey()
                t.column("used", .datetime).notNull()
            }
        }
        migrator.registerMigration("v2-notes-session") { db in
            try db.create(table: "notesSession") { t in
                t.column("id", .integer).primaryKey()
                t.column("server", .text).notNull()
                t.column("username", .text).notNull()
                t.column("token", .text).notNull()
                t.column("kdf", .blob).notNull()
                t.column("expires", .datetime).notNull()
            }
        }
        migrator.registerMigration("v3-location") { db in
            // Shares this device owns, with their keys (the server never has them).
            try db.create(table: "locationShare") { t in
                t.column("id", .text).primaryKey()
                t.column("server", .text).notNull()
                t.column("key", .blob).notNull()
                t.column("created", .datetime).notNull()
                t.column("expires", .datetime)
            }
            // This device's own recent fixes, so a new or rotated share starts with the recent track.
            try db.create(table: "locationFix") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("lat", .double).notNull()
                t.column("lon", .double).notNull()
                t.column("accuracy", .double)
                t.column("altitude", .double)
                t.column("time", .datetime).notNull().indexed()
            }
        }
        migrator.registerMigration("v4-seen-note-versions") { db in
            // The newest version of each note this device has opened (docs/formats/notes.md: rollback).
            try db.create(table: "seenNoteVersion") { t in
                t.column("server", .text).notNull()
                t.column("username", .text).notNull()
                t.column("noteID", .text).notNull()
                t.column("version", .integer).notNull()
                t.column("versionBound", .boolean).notNull()
                t.column("deleted", .boolean).notNull().defaults(to: false)
                t.primaryKey(["server", "username", "noteID"])
            }
        }
        migrator.registerMigration("v5-channel-owner-key") { db in
            // Channels were keyed by id alone, so a stranger's share under a known id could
            // squat it; now (owner fingerprint, id). Rows carry over with the fingerprint of
            // the owner key they hold; messages get the fingerprint of their channel's owner.
            try db.create(table: "channelByOwner") { t in
                t.column("ownerFingerprint", .text).notNull()
                t.column("id", .blob).notNull()
                t.column("name", .text).notNull()
                t.column("secret", .blob).notNull()
                t.column("owner", .blob).notNull()
                t.column("owned", .boolean).notNull()
                t.column("created", .datetime).notNull()
                t.primaryKey(["ownerFingerprint", "id"])
            }
            try db.alter(table: "message") { t in t.add(column: "ownerFingerprint", .text) }
            for row in try Row.fetchAll(db, sql: "SELECT * FROM channel") {
                let ownerKey: Data = row["owner"]
                let fingerprint = try PublicKeyCode.decode(SeqrCodeType.publicKey.header + [UInt8](ownerKey), checkingName: false).fingerprint
                try db.execute(sql: "INSERT INTO channelByOwner (ownerFingerprint, id, name, secret, owner, owned, created) VALUES (?, ?, ?, ?, ?, ?, ?)",
                               arguments: [fingerprint, row["id"] as Data, row["name"] as String, row["secret"] as Data, ownerKey,
                                           row["owned"] as Bool, row["created"] as Date])
                try db.execute(sql: "UPDATE message SET ownerFingerprint = ? WHERE channelID = ?", arguments: [fingerprint, row["id"] as Data])
            }
            try db.drop(table: "channel")
            try db.rename(table: "channelByOwner", to: "channel")
        }
        migrator.registerMigration("v6-message-sightings") { db in
            // A rescan of a message is another sighting of it, not another message. Each scanned
            // row was one sighting; rows of one message (same channel, owner and signed content)
            // fold into its first row, which keeps the first sighting's place in its own columns.
            try db.create(table: "sighting") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("messageID", .integer).notNull().indexed().references("message", onDelete: .cascade)
                t.column("latitude", .double)
                t.column("longitude", .double)
                t.column("seen", .datetime).notNull()
            }
            try db.execute(sql: "INSERT INTO sighting (messageID, latitude, longitude, seen) SELECT id, latitude, longitude, recorded FROM message WHERE published = 0")
            try db.execute(sql: """
                UPDATE sighting SET messageID = (
                    SELECT MIN(first.id) FROM message AS this JOIN message AS first
                    ON first.channelID = this.channelID AND first.ownerFingerprint IS this.ownerFingerprint AND first.kind = this.kind
                       AND first.created = this.created AND first.expires IS this.expires AND first.content = this.content
                    WHERE this.id = sighting.messageID)
                """)
            try db.execute(sql: "DELETE FROM message WHERE published = 0 AND id NOT IN (SELECT messageID FROM sighting)")
        }
        migrator.registerMigration("v7-identity-public-key") { db in
            // Public, so kept in clear: `seqr id show` needs no passphrase. Filled at the next unlock for older stores.
            try db.alter(table: "identity") { t in t.add(column: "publicKey", .blob) }
        }
        migrator.registerMigration("v8-notes-password-check") { db in
            try db.alter(table: "notesSession") { t in t.add(column: "passwordCheck", .blob) }
        }
        migrator.registerMigration("v9-channel-epochs") { db in
            // Suite 2 channels move to a new epoch when the owner removes a subscriber: the current
            // epoch's secret stays in channel.secret, older ones in channelEpoch; the owner records
            // every share made, so a rekey knows whom to seal the next epoch to.
            try db.alter(table: "channel") { t in
                t.add(column: "suite", .integer).notNull().defaults(to: 1)
                t.add(column: "epoch", .integer).notNull().defaults(to: 0)
                t.add(column: "removed", .boolean).notNull().defaults(to: false)
            }
            try db.create(table: "channelEpoch") { t in
                t.column("ownerFingerprint", .text).notNull()
                t.column("channelID", .blob).notNull()
                t.column("epoch", .integer).notNull()
                t.column("secret", .blob).notNull()
                t.primaryKey(["ownerFingerprint", "channelID", "epoch"])
            }
            try db.create(table: "channelSubscriber") { t in
                t.column("ownerFingerprint", .text).notNull()
                t.column("channelID", .blob).notNull()
                t.column("fingerprint", .text).notNull()
                t.column("name", .text).notNull()
                t.column("publicKey", .blob).notNull()
                t.column("shared", .datetime).notNull()
                t.column("removed", .datetime)
                t.primaryKey(["ownerFingerprint", "channelID", "fingerprint"])
            }
        }
        migrator.registerMigration("v10-settings") { db in
            // Defaults saved with `seqr config` (the link base of `--link`).
            try db.create(table: "setting") { t in
                t.column("key", .text).primaryKey()
                t.column("value", .text).notNull()
            }
        }
        return migrator
    }
}
