// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
@testable import DialHistory

/// The history stays within its limits however long the dialer runs: the oldest calls and
/// picks go as new ones come, and opening with lower limits deletes nothing by itself.
@Suite struct HistoryLimitsTests {
    let start = Date(timeIntervalSince1970: 1_750_000_000)

    @Test func theOldestCallsGoPastTheLimit() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let history = try DialHistory(path: "\(folder)/t9dial.sqlite", limits: HistoryLimits(calls: 3))
        // The fourth call is dated before the others (a clock set back): the call recorded
        // first goes, not the one with the oldest time.
        let times = [start, start + 60, start + 120, start - 3600, start + 180]
        for (index, time) in times.enumerated() {
            try history.record(Dial(uid: "c\(index)", number: "\(index)", time: time, status: .answered))
        }
        #expect(try history.allDials().map(\.number).sorted() == ["2", "3", "4"])
        #expect(try history.recent(limit: 10).count == 3)
    }

    @Test func aLowerLimitTakesEffectAtTheNextCallAndOpeningDeletesNothing() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/t9dial.sqlite"
        do {
            let history = try DialHistory(path: path)
            for index in 0..<10 {
                try history.record(Dial(uid: nil, number: "\(index)", time: start + Double(index), status: .placed))
            }
        }
        // A command that reads with other limits (t9dial history, with the default ones) must
        // not delete what a larger keep_calls keeps.
        let history = try DialHistory(path: path, limits: HistoryLimits(calls: 4))
        #expect(try history.allDials().count == 10)
        history.limits = HistoryLimits(calls: 2)
        try history.record(Dial(uid: nil, number: "10", time: start + 10, status: .placed))
        #expect(try history.allDials().map(\.number) == ["9", "10"])
        #expect(try DialHistory(path: path).allDials().map(\.number) == ["9", "10"])
    }

    @Test func theOldestPicksGoOnceTheyPassTheLimitByAnEighth() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/t9dial.sqlite"
        let limits = HistoryLimits(picks: 16)
        #expect(limits.picksBeforePruning == 18)
        let history = try DialHistory(path: path, limits: limits)
        // Picks 0 to 17: within the limit and its eighth, all kept.
        for index in 0..<18 {
            try history.learn(query: "2\(index)", mode: "t9", uid: "u\(index)", at: start + Double(index))
        }
        #expect(try sqliteCount(path, "pick") == 18)
        #expect(history.pick(for: "20", mode: "t9") == "u0")
        // The nineteenth prunes back to the newest 16: picks 0, 1 and 2 go.
        try history.learn(query: "218", mode: "t9", uid: "u18", at: start + 18)
        #expect(try sqliteCount(path, "pick") == 16)
        #expect(history.pick(for: "20", mode: "t9") == nil)
        #expect(history.pick(for: "22", mode: "t9") == nil)
        #expect(history.pick(for: "23", mode: "t9") == "u3")
        #expect(history.pick(for: "218", mode: "t9") == "u18")
        // What is in memory is what the file holds.
        #expect(history.learnedPicks == (try DialHistory(path: path, limits: limits)).learnedPicks)
    }

    @Test(arguments: [HistoryLimits.maximumLearnedQueryLength, HistoryLimits.maximumLearnedQueryLength + 1])
    func aQueryOverTheLengthLimitTeachesNothing(length: Int) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let history = try DialHistory(path: "\(folder)/t9dial.sqlite")
        let query = String(repeating: "7", count: length)
        try history.learn(query: query, mode: "t9", uid: "sam", at: start)
        let learned = length <= HistoryLimits.maximumLearnedQueryLength
        #expect((history.pick(for: "7", mode: "t9") == "sam") == learned)
        #expect((history.pick(for: query, mode: "t9") == "sam") == learned)
    }

    /// A history written by a t9dial without the length limit: its long picks are not taken
    /// into memory.
    @Test func longPicksInTheFileAreNotRead() throws {
        try #require(hasSQLite3, "the sqlite3 program is missing: apt-get install sqlite3")
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/t9dial.sqlite"
        do { _ = try DialHistory(path: path) }
        let long = String(repeating: "5", count: 5000)
        try sqlite3(path, "INSERT INTO pick (query, mode, uid, time) VALUES ('\(long)', 't9', 'long', 1), ('55', 't9', 'short', 0)")
        let history = try DialHistory(path: path)
        #expect(history.pick(for: "5", mode: "t9") == "short")
    }

    @Test(arguments: [(0, 1), (-5, 1), (1, 1), (10_000, 10_000)])
    func limitsAreAtLeastOne(given: Int, kept: Int) {
        #expect(HistoryLimits(calls: given).calls == kept)
        #expect(HistoryLimits(picks: given).picks == kept)
    }

    /// The rows of `table`, counted by the sqlite3 program (make deps installs it).
    private func sqliteCount(_ path: String, _ table: String) throws -> Int {
        try #require(hasSQLite3, "the sqlite3 program is missing: apt-get install sqlite3")
        return try Int(sqlite3(path, "SELECT count(*) FROM \(table)")) ?? -1
    }
}
