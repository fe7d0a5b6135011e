// SPDX-License-Identifier: Apache-2.0

import DialerEngine
@testable import DialerKit
import Testing

@Suite("JSON display: the screen's sleep")
struct JSONDisplaySleepTests {
    /// Sleeping and waking are a line each; the screen is not written again for them, only
    /// when what it shows changed meanwhile.
    @Test func sleepAndWakeAreEventsOfTheirOwn() throws {
        var display = JSONDisplay(output: "")
        var screen = try DisplayFixtures.screen("37")
        DisplayFixtures.showAwakeAsleepAwake(screen, on: &display)
        screen.asleep = true
        display.show(screen)
        // Woken by a key that cleared nothing, but the query had cleared while it slept.
        screen.asleep = false
        screen.query = QueryText()
        screen.results = []
        screen.selection = nil
        display.show(screen)
        let lines = display.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines[0].contains(#""query":"37","#))
        #expect(Array(lines[1...4]) == [#"{"event":"sleep"}"#, #"{"event":"wake"}"#, #"{"event":"sleep"}"#, #"{"event":"wake"}"#])
        #expect(lines[5].contains(#""query":"","#))
    }
}
