// SPDX-License-Identifier: Apache-2.0

public import Foundation
import GRDB

/// A speed-dial key as `t9dial speed-dial set` keeps it: a contact (its name or UID) and which
/// of its numbers (nil: its usual one), or a number alone.
public struct StoredSpeedDial: Sendable, Hashable {
    /// 2 to 9.
    public var key: Int
    /// The contact's name as shown, or its UID; nil for a number alone.
    public var contact: String?
    /// The number itself, or its label ("home"); nil for the contact's usual number.
    public var number: String?

    public init(key: Int, contact: String?, number: String?) {
        self.key = key
        self.contact = contact
        self.number = number
    }
}

/// The speed-dial keys kept beside the calls, in the same file: `t9dial speed-dial` sets and
/// clears them, the dialer reads them at start. `forget` keeps them: they are settings, not
/// history.
extension DialHistory {
    /// Every key set, by key.
    public func speedDials() throws(DialHistoryError) -> [StoredSpeedDial] {
        try access("read the speed dials") {
            try queue.read { db in
                try Row.fetchAll(db, sql: "SELECT key, contact, number FROM speed_dial ORDER BY key").map { row in
                    StoredSpeedDial(key: row["key"], contact: row["contact"], number: row["number"])
                }
            }
        }
    }

    /// Sets `dial.key` to `dial`, in place of what it had; committed and synced on return.
    public func setSpeedDial(_ dial: StoredSpeedDial, at time: Date = Date()) throws(DialHistoryError) {
        try access("set the speed dial") {
            try queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO speed_dial (key, contact, number, time) VALUES (?, ?, ?, ?)
                        ON CONFLICT (key) DO UPDATE SET contact = excluded.contact, number = excluded.number, time = excluded.time
                        """,
                    arguments: [dial.key, dial.contact, dial.number, time.timeIntervalSince1970])
            }
        }
    }

    /// Clears `key`; whether it was set.
    @discardableResult
    public func clearSpeedDial(_ key: Int) throws(DialHistoryError) -> Bool {
        try access("clear the speed dial") {
            try queue.write { db in
                try db.execute(sql: "DELETE FROM speed_dial WHERE key = ?", arguments: [key])
                return db.changesCount > 0
            }
        }
    }
}
