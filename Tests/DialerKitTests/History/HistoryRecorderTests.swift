// SPDX-License-Identifier: Apache-2.0

import DialHistory
import DialOutcomes
import DialerEngine
@testable import DialerKit
import Foundation
import Glibc
import TestFixtures
import Testing
import struct SystemPackage.FileDescriptor

/// The history's writes are made on a thread of their own, in the order the dials ended, and
/// the loop learns of each through a descriptor; a run that ends waits for them.
@Suite("History recorder")
struct HistoryRecorderTests {
    static let william = DialRequest(name: "William John Smith", number: "+1 201-555-0123", contact: 0, uid: "william")

    /// The updates of `request` found with the query `keys`, dialled, and ended with `kind`.
    static func dialled(_ request: DialRequest, after keys: String, _ kind: DialOutcome.Kind) throws -> [DialerUpdate] {
        [.screen(try DisplayFixtures.screen(keys)), .dial(request), .dialFinished(request, DialOutcome(kind, via: "print", number: request.number))]
    }

    /// Whether `descriptor` becomes readable within a generous time (it is expected to).
    static func becomesReadable(_ descriptor: FileDescriptor) -> Bool {
        var entry = pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 60_000) == 1
    }

    @Test("a dial that ended is written off the loop with the query typed to find it, and the descriptor says when")
    func aDialIsWrittenInTheBackground() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let history = try DialHistory(path: directory + "/t9dial.sqlite")
            let recorder = HistoryRecorder(history: history)
            #expect(recorder.descriptor == nil)
            for update in try Self.dialled(Self.william, after: "957", .placed) { recorder.note(update) }
            let descriptor = try #require(recorder.descriptor)
            #expect(Self.becomesReadable(descriptor))
            let written = recorder.collect()
            #expect(written.map(\.number) == [Self.william.number])
            #expect(written.allSatisfy { $0.failure == nil })
            #expect(recorder.descriptor == nil)
            let dials = try history.allDials()
            #expect(dials.map(\.uid) == ["william"])
            #expect(dials.map(\.status) == [.placed])
            #expect(history.pick(for: "957", mode: "t9") == "william")
        }
    }

    @Test("dials that end close together are written one after another, in order, and finishAll waits for them all")
    func dialsAreWrittenInOrder() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let history = try DialHistory(path: directory + "/t9dial.sqlite")
            let recorder = HistoryRecorder(history: history)
            let numbers = ["+44 7700 900001", "+44 7700 900002", "+44 7700 900003"]
            for (index, number) in numbers.enumerated() {
                let request = DialRequest(name: "Caller \(index)", number: number, contact: index, uid: "uid-\(index)")
                for update in try Self.dialled(request, after: "2", index == 1 ? .busy : .placed) { recorder.note(update) }
            }
            let written = recorder.finishAll()
            #expect(written.map(\.number) == numbers)
            #expect(recorder.descriptor == nil)
            let dials = try history.allDials()
            #expect(dials.map(\.number) == numbers)
            #expect(dials.map(\.status) == [.placed, .failed, .placed])
            // The last dial for the query is the pick it teaches.
            #expect(history.pick(for: "2", mode: "t9") == "uid-2")
        }
    }

    @Test("a typed number is recorded without a pick")
    func aTypedNumberTeachesNothing() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let history = try DialHistory(path: directory + "/t9dial.sqlite")
            let recorder = HistoryRecorder(history: history)
            let typed = DialRequest(number: "0121 496 0000")
            for update in try Self.dialled(typed, after: "0121", .placed) { recorder.note(update) }
            #expect(recorder.finishAll().map(\.number) == [typed.number])
            #expect(try history.allDials().map(\.uid) == [nil])
            #expect(history.learnedPicks.isEmpty)
        }
    }
}
