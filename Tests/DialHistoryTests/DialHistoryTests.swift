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

    /// A followed call keeps which way it went, how long it was connected (to the
    /// millisecond) and the name it came with.
    @Test func aCallKeepsItsDirectionDurationAndName() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/t9dial.sqlite"
        let calls = [
            Dial(uid: "fred", number: "555", time: start, status: .answered, direction: .incoming, duration: .milliseconds(67_250)),
            Dial(uid: nil, number: "0121", time: start + 60, status: .answered, duration: .milliseconds(3_723_001)),
            Dial(uid: nil, number: "0161", time: start + 120, status: .missed, direction: .incoming, name: "Sam Sipp"),
            Dial(uid: "bill", number: "556", time: start + 180, status: .noAnswer, duration: .zero),
        ]
        do {
            let history = try DialHistory(path: path)
            for call in calls { try history.record(call) }
        }
        let read = try DialHistory(path: path).allDials().map { dial in
            var dial = dial
            dial.id = nil
            return dial
        }
        #expect(read == calls)
    }

    @Test func aDialMadeTheOldWayWentOutWithNoDurationOrName() {
        let dial = Dial(uid: "fred", number: "1", time: start, status: .placed)
        #expect(dial.direction == .outgoing)
        #expect(dial.duration == nil)
        #expect(dial.name == nil)
    }

    /// Every outcome is stored as its raw value, "no answer" with its space; only answered and
    /// placed calls went through.
    @Test(arguments: [
        (Dial.Status(.answered), Dial.Status.answered, "answered", true),
        (Dial.Status(.busy), .busy, "busy", false),
        (Dial.Status(.noAnswer), .noAnswer, "no answer", false),
        (Dial.Status(.cancelled), .cancelled, "cancelled", false),
        (Dial.Status(.missed), .missed, "missed", false),
        (Dial.Status(.rejected), .rejected, "rejected", false),
        (Dial.Status(.failed), .failed, "failed", false),
        (Dial.Status(.placed), .placed, "placed", true),
    ])
    func aStatusIsMadeFromAnOutcome(made: Dial.Status, named: Dial.Status, stored: String, wentThrough: Bool) throws {
        #expect(made == named)
        #expect(made.rawValue == stored)
        #expect(made.outcome.map { Dial.Status($0) } == made)
        #expect(made.wentThrough == wentThrough)
    }

    /// "cancelled", which t9dial wrote before calls were followed, reads as the outcome it is now.
    @Test func anUnknownStatusHasNoOutcome() {
        #expect(Dial.Status(rawValue: "cancelled").outcome == .cancelled)
        let later = Dial.Status(rawValue: "transferred")
        #expect(later.outcome == nil)
        #expect(later.description == "transferred")
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
