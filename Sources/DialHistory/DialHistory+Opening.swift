// SPDX-License-Identifier: Apache-2.0

import Foundation
import GRDB
import Glibc

extension DialHistory {
    /// Why an existing file cannot be used as the history.
    enum Unusable: Error {
        case corrupt(String)
        case foreign
    }

    /// How long opening waits for another process opening the same history (``withOpeningLock``),
    /// and any SQLite access for another connection's lock: a first migration takes
    /// milliseconds, a sync on a slow SD card a second at worst.
    static let busyTimeout: TimeInterval = 10

    /// Runs `body` (the check, the moving aside and the migrations of an open) holding an
    /// exclusive `flock` on the history's folder, so that two t9dial opening one history at once
    /// (the service, and `t9dial history` or `try`) take turns: otherwise both run the first
    /// migration (GRDB reads which migrations are applied before the transaction of each), and one
    /// can find the other's file half made, with GRDB's table but not yet t9dial's marker.
    ///
    /// The folder rather than a lock file beside the database: nothing is left behind, and a lock
    /// on the database file would stay on a file moved aside. The lock is released when `body`
    /// returns, whatever it did, and by the kernel when a process dies holding it; it is never
    /// held while the history is in use. A folder that cannot be opened (readable by no one)
    /// opens without the lock, with SQLite's busy timeout alone.
    static func withOpeningLock<T>(path: String, timeout: TimeInterval = busyTimeout, _ body: () throws -> T) throws -> T {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        // Tried without blocking, again every few milliseconds, so that a holder that never lets
        // go (a process stopped mid-open) is an error after `timeout` rather than a hang.
        let deadline = Date().addingTimeInterval(timeout)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let error = errno
            if error == EINTR { continue }
            guard error == EWOULDBLOCK, Date() < deadline else {
                let reason = error == EWOULDBLOCK ? "another process has been opening it for \(Int(timeout.rounded(.up))) s" : String(cString: strerror(error))
                throw DialHistoryError(
                    kind: .open, path: path,
                    message: "cannot open the dial history: \(reason); look for a t9dial that hangs (ps -C t9dial) and end it, then try again"
                )
            }
            usleep(5_000)
        }
        return try body()
    }

    /// Checks the file at `path`, read-only so that nothing of a foreign or corrupt file changes
    /// (a read-write close would checkpoint its WAL): it must pass `PRAGMA quick_check`, and carry
    /// t9dial's `application_id` unless it is a new file: one with no table at all, or with GRDB's
    /// empty `grdb_migrations` alone (GRDB makes it before the first migration's transaction, so a
    /// t9dial killed in between leaves that). A missing file passes.
    static func check(path: String) throws -> Unusable? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        try checkIsRegularFile(path)
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db -> Unusable? in
                let check = try String.fetchAll(db, sql: "PRAGMA quick_check")
                if check != ["ok"] { return .corrupt(check.prefix(3).joined(separator: "; ")) }
                let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
                if id == HistorySchema.applicationID { return nil }
                let others = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE tbl_name != 'grdb_migrations'") ?? 0
                let migrations = try db.tableExists("grdb_migrations") ? try Int.fetchOne(db, sql: "SELECT count(*) FROM grdb_migrations") ?? 0 : 0
                return id == 0 && others == 0 && migrations == 0 ? nil : .foreign
            }
        } catch let error as DatabaseError where [.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(error.resultCode) {
            return .corrupt(error.message ?? "\(error.resultCode)")
        }
    }

    /// Throws unless `path` is a regular file (or a link to one): SQLite calls a folder or a
    /// device in its place a "disk I/O error", which sends the user looking at the disk.
    static func checkIsRegularFile(_ path: String) throws(DialHistoryError) {
        guard let type = try? FileManager.default.attributesOfItem(atPath: (path as NSString).resolvingSymlinksInPath)[.type] as? FileAttributeType,
            type != .typeRegular
        else { return }
        let kind =
            switch type {
            case .typeDirectory: "a folder"
            case .typeCharacterSpecial, .typeBlockSpecial: "a device"
            case .typeSocket: "a socket"
            default: "a special file (a FIFO?)"
            }
        throw DialHistoryError(
            kind: .open, path: path,
            message:
                "cannot open the dial history: it is \(kind) rather than a database file; move it away, or set the history's place (STATE_DIRECTORY or XDG_STATE_HOME) to a folder of its own"
        )
    }

    /// Opens (creating it if needed) the database at `path` read-write, in WAL mode, and brings
    /// its tables up to date.
    ///
    /// `synchronous = FULL`: in WAL mode a committed transaction is in the WAL file as soon as
    /// `COMMIT` returns, so it survives the process being killed (SIGKILL) even with NORMAL; only
    /// an OS crash or power loss can undo it, and FULL closes that gap by syncing the WAL at
    /// every commit. Dials are made by hand, a few a day, so the sync costs nothing noticeable,
    /// and a dial shown as placed is then kept even when the board loses power.
    static func openDatabase(path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        do {
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA journal_mode = WAL")
            }
            let migrator = HistorySchema.migrator
            try migrator.migrate(queue)
            if try queue.read(migrator.hasBeenSuperseded) {
                throw DialHistoryError(
                    kind: .newerVersion, path: path,
                    message: "the dial history was written by a newer t9dial; run that version, or move the file away to start a new history"
                )
            }
        } catch {
            try? queue.close()
            throw error
        }
        return queue
    }

    /// Moves `path` and its `-wal` and `-shm` files to `<path>.corrupt-<timestamp>` (adding
    /// `-2`, `-3`... if that name is taken). Nothing is deleted.
    static func moveAside(path: String, reason: MovedAsideDatabase.Reason, now: Date) throws(DialHistoryError) -> MovedAsideDatabase {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let base = "\(path).corrupt-\(formatter.string(from: now))"
        let files = FileManager.default
        var target = base
        var suffix = 2
        while files.fileExists(atPath: target) || files.fileExists(atPath: target + "-wal") {
            target = "\(base)-\(suffix)"
            suffix += 1
        }
        do {
            // The WAL first: if moving stops half-way, the main file left behind still opens
            // (without its WAL) rather than a WAL being applied to a new file.
            for extra in ["-wal", "-shm"] where files.fileExists(atPath: path + extra) {
                try files.moveItem(atPath: path + extra, toPath: target + extra)
            }
            try files.moveItem(atPath: path, toPath: target)
        } catch {
            throw DialHistoryError(
                kind: .moveAside, path: path,
                message:
                    "the dial history is unusable (\(reason)) and could not be moved to \(target): \(error.localizedDescription); move or remove it by hand"
            )
        }
        return MovedAsideDatabase(original: path, movedTo: target, reason: reason)
    }
}
