// SPDX-License-Identifier: Apache-2.0

import Foundation
import Glibc
import Testing
@testable import DialHistory

@Suite struct MoveAsideTests {
    let now = Date(timeIntervalSince1970: 1_750_000_000)

    /// Opens the history over `path` and checks that the old file was moved aside whole and a
    /// fresh history works.
    func expectMovedAside(path: String, original: Data, foreign: Bool) throws {
        let history = try DialHistory(path: path, now: now)
        let moved = try #require(history.movedAside)
        #expect(moved.original == path)
        #expect(moved.movedTo == "\(path).corrupt-20250615T150640Z")
        #expect(FileManager.default.contents(atPath: moved.movedTo) == original)
        #expect(foreign == (moved.reason == .foreign))
        #expect(moved.description.contains(moved.movedTo))
        try history.record(Dial(uid: "fred", number: "1", time: now, status: .placed))
        #expect(try history.recent().count == 1)
        #expect(try DialHistory(path: path).movedAside == nil)
    }

    /// SQLite calls a folder in the history's place a "disk I/O error"; it is not moved aside
    /// either (it is not a file t9dial wrote), but named for what it is.
    @Test(arguments: ["folder", "fifo"])
    func aFolderOrFIFOInTheHistorysPlaceIsSaidAsSuch(kind: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/t9dial.sqlite"
        if kind == "folder" {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        } else {
            try #require(mkfifo(path, 0o600) == 0)
        }
        do {
            _ = try DialHistory(path: path, now: now)
            Issue.record("opened a \(kind) as the history")
        } catch {
            #expect(error.kind == .open)
            #expect(error.description.contains(kind == "folder" ? "it is a folder rather than a database file" : "a special file"), "\(error)")
            #expect(!error.description.contains("disk I/O"))
        }
    }

    @Test func aFileThatIsNotSQLiteIsMovedAside() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/t9dial.sqlite"
        let junk = Data(String(repeating: "not a database\n", count: 400).utf8)
        try junk.write(to: URL(fileURLWithPath: path))
        try expectMovedAside(path: path, original: junk, foreign: false)
    }

    @Test(.enabled(if: hasSQLite3, "makes the foreign file with sqlite3"))
    func aForeignSQLiteFileIsMovedAsideWithItsWAL() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/t9dial.sqlite"
        try sqlite3(path, "CREATE TABLE songs (title TEXT); INSERT INTO songs VALUES ('a');")
        let original = try #require(FileManager.default.contents(atPath: path))
        _ = FileManager.default.createFile(atPath: path + "-wal", contents: Data())
        try expectMovedAside(path: path, original: original, foreign: true)
        #expect(FileManager.default.fileExists(atPath: "\(path).corrupt-20250615T150640Z-wal"))
    }

    @Test func aSecondMoveTakesAnotherName() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/t9dial.sqlite"
        for _ in 0..<2 {
            try Data("junk".utf8).write(to: URL(fileURLWithPath: path))
            _ = try DialHistory(path: path, now: now)
        }
        #expect(
            try files(in: folder).filter { $0.contains("corrupt") } == [
                "t9dial.sqlite.corrupt-20250615T150640Z", "t9dial.sqlite.corrupt-20250615T150640Z-2",
            ])
    }

    @Test func anEmptyFileIsANewHistory() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/t9dial.sqlite"
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        #expect(try DialHistory(path: path).movedAside == nil)
    }
}
