// SPDX-License-Identifier: Apache-2.0

import DialerEngine
@testable import DialerKit
import Testing

@Suite("Text display: the call log")
struct TextDisplayCallLogTests {
    @Test func theLogListsEachCallWithItsDirectionOutcomeAndTime() throws {
        var display = TextDisplay(output: "", rows: 5)
        display.show(try CallLogFixtures.screen(keys: "*"))
        #expect(
            display.output == """
                Calls (4):
                  +353 1 234 5678  out placed  10:00
                > Fred Smith  +44 7700 900123  in missed  Fri
                  Freya "Fay" Jones  +1 201-555-0123  out answered  3 Nov
                  Front Desk  +1 555 0100  in no answer  2 Nov

                """)
    }

    @Test func theWindowScrollsToTheSelection() throws {
        var display = TextDisplay(output: "", rows: 2)
        display.show(try CallLogFixtures.screen(keys: "**"))
        #expect(
            display.output == """
                Calls (4):
                  Fred Smith  +44 7700 900123  in missed  Fri
                > Freya "Fay" Jones  +1 201-555-0123  out answered  3 Nov

                """)
    }

    @Test func anEmptyLogSaysSo() throws {
        var display = TextDisplay(output: "")
        display.show(try CallLogFixtures.screen(calls: []))
        #expect(display.output == "Calls (0):\n  No calls yet\n")
    }
}
