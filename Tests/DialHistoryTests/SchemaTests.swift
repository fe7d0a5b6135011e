// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
@testable import DialHistory

/// Files written by earlier versions open in this one: migrated in place, nothing lost, and
/// still told from other programs' files by their marker.
@Suite(.enabled(if: hasSQLite3, "writes the earlier versions' files with sqlite3"))
struct SchemaTests {
    let start = Date(timeIntervalSince1970: 1_750_000_000)

    /// A history as t9dial wrote it before v2, made with sqlite3 from v1's SQL as it shipped
    /// (frozen here: the migration in the source must never change), with GRDB's migration
    /// table, three dials of each outcome v1 wrote, and a pick.
    func writeVersion1(_ path: String) throws {
        try sqlite3(
            path,
            """
            PRAGMA journal_mode = WAL;
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            BEGIN;
            PRAGMA application_id = \(0x5439_444C);
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
            INSERT INTO grdb_migrations VALUES ('v1');
            COMMIT;
            INSERT INTO dial (uid, number, time, outcome) VALUES
                ('fred', '+44 121 496 0000', 1750000000, 'placed'),
                (NULL, '0121', 1750000060, 'failed'),
                ('bill', '555', 1750000120, 'cancelled');
            INSERT INTO pick VALUES ('373', 't9', 'fred', 1750000000);
            """)
    }

    @Test func aVersion1FileIsMigratedInPlace() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/t9dial.sqlite"
        try writeVersion1(path)

        let history = try DialHistory(path: path)
        #expect(history.movedAside == nil)
        #expect(try files(in: folder).allSatisfy { !$0.contains("corrupt") })
        // The old dials keep their outcomes; they all went out, and nothing says how long.
        let old = try history.allDials()
        #expect(old.map(\.number) == ["+44 121 496 0000", "0121", "555"])
        #expect(old.map(\.status) == [.placed, .failed, .cancelled])
        #expect(old.allSatisfy { $0.direction == .outgoing && $0.duration == nil && $0.name == nil })
        #expect(history.pick(for: "37", mode: "t9") == "fred")
        #expect(try history.affinity(now: start).keys.sorted() == ["fred"])

        // The new columns take a call.
        let call = Dial(
            uid: nil, number: "+44 7700 900123", time: start + 180, status: .missed, direction: .incoming, name: "Sam Sipp")
        try history.record(call)
        #expect(try history.unseenMissedCount() == 1)
        #expect(try sqlite3(path, "SELECT group_concat(identifier) FROM grdb_migrations") == "v1,v2,v3")
        #expect(try sqlite3(path, "PRAGMA integrity_check") == "ok")

        let reopened = try DialHistory(path: path)
        #expect(reopened.movedAside == nil)
        var read = try #require(try reopened.recent(limit: 1).first)
        read.id = nil
        #expect(read == call)
    }

    @Test func aVersion2FileIsStillToldByItsMarker() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/t9dial.sqlite"
        try DialHistory(path: path).record(Dial(uid: "fred", number: "1", time: start, status: .answered, duration: .seconds(5)))
        #expect(try DialHistory.check(path: path) == nil)

        // The same tables without t9dial's marker are another program's.
        try sqlite3(path, "PRAGMA application_id = 0")
        let unusable = try DialHistory.check(path: path)
        guard case .foreign? = unusable else {
            Issue.record("a v2 file without the marker is taken for \(String(describing: unusable))")
            return
        }
        let history = try DialHistory(path: path, now: start)
        #expect(history.movedAside?.reason == .foreign)
        #expect(try history.recent().isEmpty)
    }

    @Test func aFileFromANewerVersionIsRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/t9dial.sqlite"
        _ = try DialHistory(path: path)
        try sqlite3(path, "INSERT INTO grdb_migrations VALUES ('v4')")
        let error = #expect(throws: DialHistoryError.self) { _ = try DialHistory(path: path) }
        #expect(error?.kind == .newerVersion)
    }
}
