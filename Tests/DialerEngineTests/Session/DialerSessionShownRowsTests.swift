// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import T9Search
import Testing

/// With `shownRows`, only the results a display can show are highlighted: the first rows, and
/// those the selection scrolls into view. What is shown is what a dialer highlighting every
/// result shows, row for row.
@Suite struct DialerSessionShownRowsTests {
    /// A dialer showing `rows` rows, and one highlighting every result, fed the same keys.
    private static func pair(rows: Int?, settings: DialerSettings = DialerSettings()) throws -> (Dialing, Dialing) {
        let shown = try SessionFixtures.dialer(settings)
        shown.session.shownRows = rows
        return (shown, try SessionFixtures.dialer(settings))
    }

    @Test(arguments: [(rows: 0, shown: 1), (1, 1), (2, 2), (3, 3), (14, 3)])
    func onlyTheRowsShownAreHighlighted(rows: Int, shown: Int) throws {
        var (dialing, every) = try Self.pair(rows: rows)
        dialing.type("373")
        every.type("373")
        #expect(dialing.screen.resultCount == 3)
        // The selected first row is always there, even on a display that shows none.
        #expect(dialing.screen.results.count == shown)
        #expect(dialing.screen.results == Array(every.screen.results.prefix(shown)))
        #expect(every.screen.results.count == 3)
    }

    @Test func theSelectionBringsItsRowIn() throws {
        var (dialing, every) = try Self.pair(rows: 1)
        dialing.type("373")
        every.type("373")
        for step in 1...2 {
            dialing.tap(.star)
            every.tap(.star)
            #expect(dialing.screen.selection == step)
            #expect(dialing.screen.results.count == step + 1)
            #expect(dialing.screen.selectedResult == every.screen.selectedResult)
        }
        // Back to the top the rows stay highlighted; another key searches again.
        dialing.tap(.star)
        #expect(dialing.screen.selection == 0)
        #expect(dialing.screen.results.count == 3)
        dialing.type("3")
        #expect(dialing.screen.results.count == 1)
    }

    @Test func goingBackFromTheFirstRowHighlightsTheLast() throws {
        var (dialing, every) = try Self.pair(rows: 1)
        dialing.type("373")
        every.type("373")
        dialing.press(.previous)
        every.press(.previous)
        #expect(dialing.selectedUID == "jones")
        #expect(dialing.screen.selectedResult == every.screen.selectedResult)
    }

    @Test func aRowScrolledIntoViewDialsItsNumber() throws {
        var (dialing, every) = try Self.pair(rows: 1)
        func dialTheThird(_ dialing: inout Dialing) {
            dialing.type("373")
            dialing.tap(.star)
            dialing.tap(.star)
            dialing.tap(.pound)
        }
        dialTheThird(&dialing)
        dialTheThird(&every)
        let dial = try #require(dialing.dials.last)
        #expect(dial.uid == "jones")
        #expect(dial == every.dials.last)
    }

    @Test func multiTapHighlightsOnlyTheRowsShownToo() throws {
        var (dialing, every) = try Self.pair(rows: 2, settings: DialerSettings(initialMode: .multiTap(layout: "latin")))
        dialing.type("333")  // f
        every.type("333")
        #expect(dialing.screen.resultCount == every.screen.resultCount)
        #expect(dialing.screen.resultCount > 2)
        #expect(dialing.screen.results.count == 2)
        #expect(dialing.screen.results == Array(every.screen.results.prefix(2)))
    }

    @Test func aNewIndexKeepsTheSelectionBeyondTheRowsShown() throws {
        var (dialing, _) = try Self.pair(rows: 1)
        dialing.type("373")
        dialing.tap(.star)
        dialing.tap(.star)
        let selected = try #require(dialing.selectedUID)
        _ = dialing.session.replaceIndex(SearchIndex(contacts: SessionFixtures.contacts, alphabet: SessionFixtures.index.alphabet))
        #expect(dialing.selectedUID == selected)
        #expect(dialing.screen.results.count == 3)
    }
}
