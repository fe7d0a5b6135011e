// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
public import Foundation
import GRDB
import Synchronization

/// The dial history: every dial t9dial made and every contact the user picked for a query, in
/// one SQLite file (WAL mode), with the learned picks kept in memory for keystroke-time lookups.
///
/// Opening checks the file first: a corrupt file, a file that is not SQLite, or another
/// program's SQLite file is moved aside (never deleted), reported in ``movedAside``, and a new
/// history starts. Processes opening one history at once take turns (``withOpeningLock``), so
/// that each finds the other's file whole. Every write is committed (and synced) before the call returns, so the dialer
/// shows a dial as placed only once it is on disk; a SIGKILL at any moment loses nothing
/// committed and leaves the file sound.
public final class DialHistory: Sendable {
    /// The database file.
    public let path: String
    /// The unusable file found at ``path`` and moved aside at open, if any: show it to the user.
    public let movedAside: MovedAsideDatabase?

    let queue: DatabaseQueue
    private let picks: Mutex<LearnedPicks>
    private let currentLimits: Mutex<HistoryLimits>

    /// Opens the history at `path`, creating it when missing and moving an unusable file aside.
    public init(path: String, limits: HistoryLimits = HistoryLimits(), now: Date = Date()) throws(DialHistoryError) {
        self.path = path
        currentLimits = Mutex(limits)
        var movedAside: MovedAsideDatabase?
        do {
            queue = try Self.withOpeningLock(path: path) {
                if let unusable = try Self.check(path: path) {
                    let reason: MovedAsideDatabase.Reason =
                        switch unusable {
                        case .corrupt(let detail): .corrupt(detail)
                        case .foreign: .foreign
                        }
                    movedAside = try Self.moveAside(path: path, reason: reason, now: now)
                }
                return try Self.openDatabase(path: path)
            }
        } catch let error as DialHistoryError {
            throw error
        } catch {
            throw DialHistoryError(
                kind: .open, path: path,
                message: "cannot open the dial history: \(Self.describe(error)); check that its folder is writable and the disk is not full"
            )
        }
        self.movedAside = movedAside
        picks = Mutex(LearnedPicks())
        let learned = try access("read the learned picks") { try queue.read(Self.readPicks) }
        picks.withLock { $0 = learned }
    }

    /// Opens the history at its usual place (``HistoryLocation/path(environment:)``).
    public convenience init(
        environment: [String: String] = ProcessInfo.processInfo.environment, limits: HistoryLimits = HistoryLimits(), now: Date = Date()
    ) throws(DialHistoryError) {
        try self.init(path: HistoryLocation.path(environment: environment), limits: limits, now: now)
    }

    /// What the history keeps (see ``HistoryLimits``). Opening deletes nothing: what is past a
    /// limit goes with the next call or pick recorded, so that a command reading the history
    /// with the default limits never deletes what a larger `keep_calls` keeps.
    public var limits: HistoryLimits {
        get { currentLimits.withLock { $0 } }
        set { currentLimits.withLock { $0 = newValue } }
    }

    /// Records `dial` (a call, whichever way it went) and returns it with its id. The
    /// transaction is committed and synced when this returns: only then may the caller show
    /// the dial as placed. The oldest call goes in the same transaction once the history holds
    /// ``HistoryLimits/calls``.
    @discardableResult
    public func record(_ dial: Dial) throws(DialHistoryError) -> Dial {
        let keep = limits.calls
        let id = try access("record the dial") {
            try queue.write { db in
                try db.execute(
                    sql: "INSERT INTO dial (uid, number, time, outcome, direction, duration, name) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    arguments: [
                        dial.uid, dial.number, dial.time.timeIntervalSince1970, dial.status.rawValue, dial.direction.rawValue,
                        dial.duration.map(Self.seconds), dial.name,
                    ]
                )
                let id = db.lastInsertedRowID
                try Self.deleteOldDials(db, keeping: keep)
                return id
            }
        }
        var recorded = dial
        recorded.id = id
        return recorded
    }

    /// The `limit` most recent dials, newest first.
    public func recent(limit: Int = 20) throws(DialHistoryError) -> [Dial] {
        try access("read the recent dials") {
            try queue.read { db in
                try Row.fetchAll(db, sql: Self.recentDials, arguments: [max(0, limit)]).map(Self.dial(from:))
            }
        }
    }

    /// The dials newest first, as many as the argument (-1: all).
    private static let recentDials = "SELECT \(dialColumns) FROM dial ORDER BY time DESC, id DESC LIMIT ?"

    /// Calls `body` with each of the `limit` most recent dials, every one when `limit` is nil,
    /// newest first (for `t9dial history`), as they are read, until it returns false: a listing
    /// of the whole history (`keep_calls`, up to a million) is written without holding it all in
    /// memory. One read transaction, so the dials are those of one moment however long `body`
    /// takes, while the dialer goes on recording (in WAL mode a reader does not block a writer;
    /// a reader that stops, a pager, only keeps the WAL from being checkpointed until it ends).
    public func forEachRecent(limit: Int?, _ body: (Dial) -> Bool) throws(DialHistoryError) {
        try access("read the recent dials") {
            try queue.read { db in
                let rows = try Row.fetchCursor(db, sql: Self.recentDials, arguments: [limit.map { max(0, $0) } ?? -1])
                while let row = try rows.next(), body(Self.dial(from: row)) {}
            }
        }
    }

    /// Every dial, oldest first.
    public func allDials() throws(DialHistoryError) -> [Dial] {
        try access("read the dials") {
            try queue.read { db in
                try Row.fetchAll(db, sql: "SELECT \(Self.dialColumns) FROM dial ORDER BY time, id").map(Self.dial(from:))
            }
        }
    }

    /// The affinity of every dialled contact and favourite (see ``Affinity``).
    public func affinity(favourites: Set<String> = [], now: Date = Date(), halfLife: TimeInterval = Affinity.defaultHalfLife) throws(DialHistoryError)
        -> [String: Double]
    {
        Affinity(halfLife: halfLife).scores(dials: try allDials(), favourites: favourites, now: now)
    }

    /// Clears the dials, the learned picks and the missed-call marker (for `t9dial forget`), in
    /// one transaction.
    public func forget() throws(DialHistoryError) {
        try access("forget the history") {
            try queue.write { db in
                try db.execute(sql: "DELETE FROM dial; DELETE FROM pick; DELETE FROM mark")
            }
        }
        picks.withLock { $0 = LearnedPicks() }
    }

    /// How many missed calls came since the user last saw them (``markMissedSeen(at:)``): what
    /// the idle screen shows as "2 missed". A read of the rows after the marker: ask once a
    /// call is recorded or marked seen, not at every redraw.
    public func unseenMissedCount() throws(DialHistoryError) -> Int {
        try access("count the missed calls") {
            try queue.read { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM dial WHERE \(Self.unseenMissed)") ?? 0
            }
        }
    }

    /// Notes that the user has seen every missed call recorded so far (`t9dial history` lists
    /// them; a key pressed on the idle screen dismisses "2 missed"), at `time`.
    ///
    /// The marker is the newest missed call's id, not a time: a call recorded after the key
    /// press stays unseen even when it started before it, and a clock set right after boot
    /// (no RTC, then NTP) moves no call across the marker. Writes (and syncs) only when there
    /// is something unseen, so calling it on every key press costs a read.
    public func markMissedSeen(at time: Date = Date()) throws(DialHistoryError) {
        try access("mark the missed calls seen") {
            try queue.write { db in
                guard let newest = try Int64.fetchOne(db, sql: "SELECT max(id) FROM dial WHERE \(Self.unseenMissed)") else { return }
                try db.execute(
                    sql: """
                        INSERT INTO mark (key, dial, time) VALUES (?, ?, ?)
                        ON CONFLICT (key) DO UPDATE SET dial = excluded.dial, time = excluded.time
                        """,
                    arguments: [Self.missedSeenMark, newest, time.timeIntervalSince1970]
                )
            }
        }
    }

    /// The `mark` key of the newest missed call seen.
    private static let missedSeenMark = "missed seen"
    /// The `dial` rows that are missed calls recorded after the newest one seen.
    private static let unseenMissed = """
        direction = 'in' AND outcome = 'missed' AND id > coalesce((SELECT dial FROM mark WHERE key = '\(missedSeenMark)'), 0)
        """

    /// Records that the user picked `uid` for `query` in `mode` ("t9" or "multitap"): it will
    /// rank first for the query and its prefixes. An empty query, or one longer than
    /// ``HistoryLimits/maximumLearnedQueryLength``, teaches nothing. Past
    /// ``HistoryLimits/picks`` and an eighth, the oldest picks are forgotten.
    public func learn(query: String, mode: String, uid: String, at time: Date = Date()) throws(DialHistoryError) {
        guard !query.isEmpty, query.count <= HistoryLimits.maximumLearnedQueryLength else { return }
        let limits = limits
        let pruned = try access("record the pick") {
            try queue.write { db -> LearnedPicks? in
                try db.execute(
                    sql: """
                        INSERT INTO pick (query, mode, uid, time) VALUES (?, ?, ?, ?)
                        ON CONFLICT (query, mode, uid) DO UPDATE SET time = max(time, excluded.time)
                        """,
                    arguments: [query, mode, uid, time.timeIntervalSince1970]
                )
                let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM pick") ?? 0
                guard count > limits.picksBeforePruning else { return nil }
                try Self.deleteOldPicks(db, keeping: limits.picks)
                return try Self.readPicks(db)
            }
        }
        picks.withLock { learned in
            if let pruned { learned = pruned } else { learned.add(query: query, mode: mode, uid: uid, at: time) }
        }
    }

    /// Deletes all but the newest `count` dials, by id: the order they were recorded in.
    private static func deleteOldDials(_ db: Database, keeping count: Int) throws {
        try db.execute(
            sql: "DELETE FROM dial WHERE id <= (SELECT id FROM dial ORDER BY id DESC LIMIT 1 OFFSET ?)", arguments: [count]
        )
    }

    /// Deletes all but the newest `count` picks (by when they were last picked).
    private static func deleteOldPicks(_ db: Database, keeping count: Int) throws {
        try db.execute(
            sql: """
                DELETE FROM pick WHERE (query, mode, uid) IN (
                    SELECT query, mode, uid FROM pick ORDER BY time DESC, query, mode, uid LIMIT -1 OFFSET ?
                )
                """,
            arguments: [count]
        )
    }

    /// Every pick of the table that may teach something, in memory.
    private static func readPicks(_ db: Database) throws -> LearnedPicks {
        var learned = LearnedPicks()
        let rows = try Row.fetchCursor(
            db, sql: "SELECT query, mode, uid, time FROM pick WHERE length(query) <= ? ORDER BY time",
            arguments: [HistoryLimits.maximumLearnedQueryLength]
        )
        while let row = try rows.next() {
            learned.add(query: row["query"], mode: row["mode"], uid: row["uid"], at: Date(timeIntervalSince1970: row["time"]))
        }
        return learned
    }

    /// The result of `PRAGMA integrity_check`: `["ok"]` for a sound file, else the problems found.
    public func integrityCheck() throws(DialHistoryError) -> [String] {
        try access("check the database") {
            try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        }
    }

    /// The learned picks as they are now.
    public var learnedPicks: LearnedPicks { picks.withLock { $0 } }

    /// The UID the user last picked for `query` or a longer query starting with it, in `mode`;
    /// a dictionary lookup, cheap enough for every keystroke.
    public func pick(for query: String, mode: String) -> String? {
        picks.withLock { $0.pick(for: query, mode: mode) }
    }

    /// The columns ``dial(from:)`` reads.
    private static let dialColumns = "id, uid, number, time, outcome, direction, duration, name"

    private static func dial(from row: Row) -> Dial {
        // To the millisecond, so that a duration reads back as it was recorded rather than a
        // binary fraction off. Read leniently: a value that is no number of seconds (a file
        // edited by hand) is no duration, rather than a trap in GRDB's conversion or Int64's.
        let duration = storedSeconds(row["duration"]).flatMap { (0..<1e9).contains($0) ? $0 : nil }
        return Dial(
            id: row["id"], uid: row["uid"], number: row["number"],
            time: Date(timeIntervalSince1970: row["time"]), status: Dial.Status(rawValue: row["outcome"]),
            // A direction a later t9dial wrote, unknown here, is shown as the calls before v2 were.
            direction: CallDirection(rawValue: row["direction"]) ?? .outgoing,
            duration: duration.map { .milliseconds(Int64(($0 * 1000).rounded())) }, name: row["name"]
        )
    }

    /// A stored value as seconds, if it is a number. Out of line on purpose: inlined into
    /// `dial(from:)`, Swift 6.3.1's optimizer crashes on it in a release build ("Found outside
    /// of lifetime use?!" in CopyPropagation).
    @inline(never)
    private static func storedSeconds(_ value: DatabaseValue) -> Double? {
        Double.fromDatabaseValue(value)
    }

    /// `duration` in seconds, as the `duration` column keeps it.
    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Runs `body`, turning a database error into a ``DialHistoryError`` that says what failed.
    func access<T>(_ what: String, _ body: () throws -> T) throws(DialHistoryError) -> T {
        do {
            return try body()
        } catch {
            throw DialHistoryError(
                kind: .query, path: path,
                message: "cannot \(what): \(Self.describe(error)); check that the disk is not full and the file is writable"
            )
        }
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }
}
