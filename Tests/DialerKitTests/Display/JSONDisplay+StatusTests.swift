// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import DialerEngine
@testable import DialerKit
import Testing

@Suite("JSON display: the status line")
struct JSONDisplayStatusTests {
    /// A status line is a line of its own when it changes; the screen is not written again for
    /// it.
    @Test func theStatusIsAnEventWhenItChanges() throws {
        var display = JSONDisplay(output: "")
        var screen = try DisplayFixtures.screen("")
        screen.status = StatusLine(clock: "14:02", missedCalls: 2, battery: StatusLine.Battery(percent: 87, charging: true))
        display.show(screen)
        display.show(screen)
        screen.status = StatusLine(clock: "14:03", line: LineState(registered: false))
        display.show(screen)
        let lines = display.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0] == #"{"event":"status","clock":"14:02","missed":2,"battery":87,"charging":true,"line":null}"#)
        #expect(lines[1].hasPrefix(#"{"event":"screen","#))
        #expect(
            lines[2]
                == #"{"event":"status","clock":"14:03","missed":0,"battery":null,"charging":null,"#
                + #""line":{"registered":false,"signal":null,"operator":null}}"#)
    }
}
