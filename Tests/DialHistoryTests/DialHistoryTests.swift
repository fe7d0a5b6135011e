// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
@testable import DialHistory

@Suite struct DialHistoryTests {
    let start = Date(timeIntervalSince1970: 1_750_000_000)

    @Test func recordRecentAndForget() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/t9dial.sqlite"
        do {
            let history = try DialHistory(path: path)
            #expect(history.movedAside == nil)
            let first = try history.record(Dial(uid: "fred", number: "+44 121 496 0000", time: start, status: .placed))
            #expect(first.id != nil)
            try history.record(Dial(uid: nil, number: "0121", time: start + 60, status: .failed))
            try history.record(Dial(uid: "bill", number: "555", time: start + 120, status: .placed))
            #expect(try history.recent(limit: 2).map(\.number) == ["555", "0121"])
            #expect(try history.recent(limit: 10).map(\.uid) == ["bill", nil, "fred"])
            try history.learn(query: "373", mode: "t9", uid: "fred", at: start)
        }
        // Reopened: everything is still there.
        let history = try DialHistory(path: path)
        #expect(history.movedAside == nil)
        let recent = try history.recent()
        #expect(recent.count == 3)
        #expect(recent.last == Dial(id: recent.last?.id, uid: "fred", number: "+44 121 496 0000", time: start, status: .placed))
        #expect(recent[1].status == .failed)
        #expect(history.pick(for: "37", mode: "t9") == "fred")

        try history.forget()
        #expect(try history.recent().isEmpty)
        #expect(history.pick(for: "37", mode: "t9") == nil)
        #expect(try DialHistory(path: path).learnedPicks.isEmpty)
    }

    @Test func databaseIsMarkedAndInWALMode() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/t9dial.sqlite"
        _ = try DialHistory(path: path)
        let header = try #require(FileManager.default.contents(atPath: path))
        // Bytes 18 and 19 are 2 in WAL mode; bytes 68-71 hold the application_id.
        #expect(header[18] == 2 && header[19] == 2)
        #expect(Array(header[68..<72]) == Array("T9DL".utf8))
    }
}
