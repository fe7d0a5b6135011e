// SPDX-License-Identifier: Apache-2.0

import GRDB

/// The history's tables and the marker that says a file is t9dial's.
enum HistorySchema {
    /// `PRAGMA application_id` of a t9dial history: "T9DL" in ASCII. SQLite keeps it in the file
    /// header, so a file with tables and another id is another program's database.
    static let applicationID: Int32 = 0x5439_444C

    /// The migrations, applied in order at open (GRDB records them in `grdb_migrations`).
    ///
    /// v1: `dial` holds every dial (`time` in unix seconds, `uid` null for a typed number);
    /// `pick` holds, per query and mode, each contact picked and when it was picked last. Prefixes
    /// are not stored: they are derived in memory (``LearnedPicks``), so the table grows by one
    /// row per distinct (query, mode, contact), not per prefix.
    ///
    /// v2: calls are followed. `dial` gains `direction` ("out" or "in"; every earlier dial went
    /// out), `duration` (seconds connected, null when never connected or unknown) and `name`
    /// (the caller's name when it is not a contact's). Earlier rows keep their outcome
    /// ("placed", "failed", "cancelled"). `mark` holds markers by key, each a `dial` id and
    /// when it was set: "missed seen" is the newest missed call the user has seen
    /// (``DialHistory/markMissedSeen(at:)``).
    ///
    /// v3: `speed_dial` holds the speed-dial keys `t9dial speed-dial set` assigns, one row a
    /// key (2 to 9): a contact (its name or UID) and which of its numbers (null: its usual
    /// one), or a number alone (`contact` null), and when it was set
    /// (``DialHistory/speedDials()``).
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            // Written in the same transaction as the tables: a file killed half-way through its
            // creation has neither the marker nor tables, and is simply made again.
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            try db.execute(
                sql: """
                    CREATE TABLE dial (
                        id INTEGER PRIMARY KEY,
                        uid TEXT,
                        number TEXT NOT NULL,
                        time REAL NOT NULL,
                        outcome TEXT NOT NULL
                    );
                    CREATE INDEX dial_time ON dial(time);
                    CREATE TABLE pick (
                        query TEXT NOT NULL,
                        mode TEXT NOT NULL,
                        uid TEXT NOT NULL,
                        time REAL NOT NULL,
                        PRIMARY KEY (query, mode, uid)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v2") { db in
            try db.execute(
                sql: """
                    ALTER TABLE dial ADD COLUMN direction TEXT NOT NULL DEFAULT 'out';
                    ALTER TABLE dial ADD COLUMN duration REAL;
                    ALTER TABLE dial ADD COLUMN name TEXT;
                    CREATE TABLE mark (
                        key TEXT PRIMARY KEY,
                        dial INTEGER NOT NULL,
                        time REAL NOT NULL
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v3") { db in
            try db.execute(
                sql: """
                    CREATE TABLE speed_dial (
                        key INTEGER PRIMARY KEY,
                        contact TEXT,
                        number TEXT,
                        time REAL NOT NULL,
                        CHECK (contact IS NOT NULL OR number IS NOT NULL)
                    );
                    """)
        }
        return migrator
    }
}
