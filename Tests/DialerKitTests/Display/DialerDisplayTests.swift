// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import DialerEngine
@testable import DialerKit
import T9Search
import TestFixtures
import Testing

@Suite("Dialer display: first screen and rehearsal")
struct DialerDisplayTests {
    /// Keeps what it was shown and what it rehearsed, in a box its copies share.
    final class Record {
        var shown: [ScreenState] = []
        var rehearsed: [ScreenState] = []
    }

    struct RecordingDisplay: DialerDisplay, RehearsingDisplay {
        let record: Record
        let resultRows: Int?
        func show(_ screen: ScreenState) { record.shown.append(screen) }
        func dial(_ request: DialRequest) {}
        func rehearse(_ screen: ScreenState) { record.rehearsed.append(screen) }
    }

    private static func machine(_ index: SearchIndex = DisplayFixtures.index) throws -> DialerMachine {
        DialerMachine(session: try DialerSession(index: index))
    }

    @Test func theFirstScreenIsShownAndEachKeyRehearsedOnItWithoutShowingIt() throws {
        let machine = try Self.machine()
        var display = RecordingDisplay(record: Record(), resultRows: 2)
        machine.showFirstScreen(on: &display)
        #expect(machine.session.shownRows == 2)
        #expect(display.record.shown == [machine.session.screen])
        #expect(machine.session.screen.query.isEmpty)
        #expect(display.record.rehearsed.map(\.query.text) == (0...9).map { "\($0)" })
    }

    /// A group passes the rehearsal on to the displays that work screens out, and skips the
    /// others (an in-memory display has nothing to work out).
    @Test func aGroupRehearsesOnTheDisplaysThatRehearse() throws {
        let machine = try Self.machine()
        let record = Record()
        var group = DisplayGroup([InMemoryDisplay(), RecordingDisplay(record: record, resultRows: 2)])
        machine.showFirstScreen(on: &group)
        #expect(record.shown == [machine.session.screen])
        #expect(record.rehearsed.map(\.query.text) == (0...9).map { "\($0)" })
    }

    @Test func aTextDisplayWritesOnlyTheFirstScreen() throws {
        let machine = try Self.machine()
        var display = TextDisplay(output: "", rows: 3)
        machine.showFirstScreen(on: &display)
        #expect(display.output == "T9:\n")
    }

    @Test func anEmptyBookIsNotRehearsed() throws {
        let machine = try Self.machine(Fixtures.index([]))
        var display = RecordingDisplay(record: Record(), resultRows: nil)
        machine.showFirstScreen(on: &display)
        #expect(display.record.shown.count == 1)
        #expect(display.record.rehearsed.isEmpty)
    }

    /// A rehearsal is worked out as the display would show it: the rows a display shows have
    /// their highlights.
    @Test func aRehearsedScreenHasTheRowsTheDisplayShows() throws {
        let contacts = (0..<5).map { SearchableContact(names: [NameField("Anna \($0)", kind: .displayName)], numbers: ["+44 20 7946 000\($0)"], uid: "a\($0)") }
        let machine = try Self.machine(Fixtures.index(contacts))
        var display = RecordingDisplay(record: Record(), resultRows: 2)
        machine.showFirstScreen(on: &display)
        let rehearsed = try #require(display.record.rehearsed.first { $0.query.text == "2" })
        #expect(rehearsed.resultCount == 5)
        #expect(rehearsed.results.count == 2)
        #expect(rehearsed.results.allSatisfy { $0.ranges == [0..<1] })
    }
}
