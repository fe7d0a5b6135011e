// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import DialerEngine
@testable import DialerKit
import T9Search
import TestFixtures
import Testing

@Suite("Dialer display: first screen and warm-up")
struct DialerDisplayTests {
    /// Keeps what it was shown and what it warmed up, in a box its copies share.
    final class Record {
        var shown: [ScreenState] = []
        var warmedUp: [ScreenState] = []
    }

    struct RecordingDisplay: DialerDisplay, WarmingUpDisplay {
        let record: Record
        let resultRows: Int?
        func take(_ update: DialerUpdate) {
            if case .screen(let screen) = update { record.shown.append(screen) }
        }
        func warmUp(_ screen: ScreenState) { record.warmedUp.append(screen) }
    }

    private static func machine(_ index: SearchIndex = DisplayFixtures.index) throws -> DialerMachine {
        DialerMachine(session: try DialerSession(index: index))
    }

    @Test func theFirstScreenIsShownAndEachKeyWarmedUpOnItWithoutShowingIt() throws {
        let machine = try Self.machine()
        var display = RecordingDisplay(record: Record(), resultRows: 2)
        machine.showFirstScreen(on: &display)
        #expect(machine.session.shownRows == 2)
        #expect(display.record.shown == [machine.session.screen])
        #expect(machine.session.screen.query.isEmpty)
        #expect(display.record.warmedUp.map(\.query.text) == (0...9).map { "\($0)" })
    }

    /// A group passes the warm-up on to the displays that work screens out, and skips the
    /// others (an in-memory display has nothing to work out).
    @Test func aGroupWarmsUpTheDisplaysThatWorkScreensOut() throws {
        let machine = try Self.machine()
        let record = Record()
        var group = DisplayGroup([InMemoryDisplay(), RecordingDisplay(record: record, resultRows: 2)])
        machine.showFirstScreen(on: &group)
        #expect(record.shown == [machine.session.screen])
        #expect(record.warmedUp.map(\.query.text) == (0...9).map { "\($0)" })
    }

    @Test func aTextDisplayWritesOnlyTheFirstScreen() throws {
        let machine = try Self.machine()
        var display = TextDisplay(output: "", rows: 3)
        machine.showFirstScreen(on: &display)
        #expect(display.output == "T9:\n")
    }

    @Test func anEmptyBookIsNotWarmedUp() throws {
        let machine = try Self.machine(Fixtures.index([]))
        var display = RecordingDisplay(record: Record(), resultRows: nil)
        machine.showFirstScreen(on: &display)
        #expect(display.record.shown.count == 1)
        #expect(display.record.warmedUp.isEmpty)
    }

    /// A warm-up is worked out as the display would show it: the rows a display shows have
    /// their highlights.
    @Test func aWarmedUpScreenHasTheRowsTheDisplayShows() throws {
        let contacts = (0..<5).map { SearchableContact(names: [NameField("Anna \($0)", kind: .displayName)], numbers: ["+44 20 7946 000\($0)"], uid: "a\($0)") }
        let machine = try Self.machine(Fixtures.index(contacts))
        var display = RecordingDisplay(record: Record(), resultRows: 2)
        machine.showFirstScreen(on: &display)
        let warmedUp = try #require(display.record.warmedUp.first { $0.query.text == "2" })
        #expect(warmedUp.resultCount == 5)
        #expect(warmedUp.results.count == 2)
        #expect(warmedUp.results.allSatisfy { $0.ranges == [0..<1] })
    }
}
