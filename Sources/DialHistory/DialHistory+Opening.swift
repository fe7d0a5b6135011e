// SPDX-License-Identifier: Apache-2.0

import Foundation
import GRDB

extension DialHistory {
    /// Why an existing file cannot be used as the history.
    enum Unusable: Error {
        case corrupt(String)
        case foreign
    }

    /// Checks the file at `path`, read-only so that nothing of a foreign or corrupt file changes
    /// (a read-write close would checkpoint its WAL): it must pass `PRAGMA quick_check`, and carry
    /// t9dial's `application_id` unless it has no table at all (a new file, or one killed before
    /// its first migration committed). A missing file passes.
    static func check(path: String) throws -> Unusable? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        try checkIsRegularFile(path)
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db -> Unusable? in
                let check = try String.fetchAll(db, sql: "PRAGMA quick_check")
                if check != ["ok"] { return .corrupt(check.prefix(3).joined(separator: "; ")) }
                let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
                if id == HistorySchema.applicationID { return nil }
                let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
                return id == 0 && tables == 0 ? nil : .foreign
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
        configuration.busyMode = .timeout(5)
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
