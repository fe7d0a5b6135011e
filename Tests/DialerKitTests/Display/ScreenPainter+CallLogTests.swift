// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import DialerKit
import ScreenOutput
import ScreenRender
import Testing

/// The call log on the two screens it is made for, compared with the goldens in
/// `Tests/DialerKitTests/Golden/` (see GoldenScreenTests for how to rewrite them), over the
/// sample book: the second call (a missed one) selected.
@Suite("Screen painter: the call log")
struct ScreenPainterCallLogTests {
    /// Newest first: William John Smith called (cut at 128 px), Fred Smith missed, a typed
    /// number busy, an unknown caller answered; more calls than 128x64 shows.
    static let calls = [
        RecentCall(uid: "sample-william-john-smith", number: "+1 201-555-0123", direction: .outgoing, outcome: "answered", time: 1_795_946_400),
        RecentCall(uid: "sample-fred-smith", number: "+44 7700 900123", direction: .incoming, outcome: "missed", time: 1_795_773_600),
        RecentCall(number: "+353 1 234 5678", direction: .outgoing, outcome: "busy", time: 1_793_700_000),
        RecentCall(number: "+1 555 0100", name: "Front Desk", direction: .incoming, outcome: "answered", time: 1_793_600_000),
    ]

    static func state() throws -> ScreenState {
        try CallLogFixtures.screen(index: try GoldenBook.sample, calls: calls, keys: "*")
    }

    @Test(arguments: ["128x64x1", "320x240x16"])
    func matchesGolden(_ option: String) throws {
        let option = try ScreenOption(parsing: option)
        let shown = try GoldenImage.shown(try Self.state(), on: option)
        try GoldenImage.compare(shown.picture, golden: "calllog-\(GoldenImage.name(option))", format: shown.pngFormat)
    }

    /// What the goldens show, as text: the rows' names and times, the selection on Fred Smith.
    @Test func theScreenIsTheLogsRows() throws {
        let log = try #require(try Self.state().callLog)
        #expect(log.title == "Calls")
        #expect(log.selection == 1)
        #expect(log.rows.map(\.title) == ["William John Smith", "Fred Smith", "+353 1 234 5678", "Front Desk"])
        #expect(log.rows.map(\.when) == ["10:00", "Fri", "3 Nov", "2 Nov"])
        #expect(log.rows.map(\.arrow) == ["→", "←", "→", "←"])
    }

    /// 128x64 with the 8x16 font: the title row and three calls, the marker only on the second.
    @Test func oledShowsTheTitleAndThreeCalls() throws {
        let option = try ScreenOption(parsing: "128x64x1")
        let picture = try GoldenImage.shown(try Self.state(), on: option).picture
        let lit = { (x: Range<Int>, band: Int) in GoldenImage.lit(picture, x: x, y: (band * 16)..<(band * 16 + 16)) }
        for band in 0..<4 { #expect(lit(8..<128, band), "row \(band) is empty") }
        #expect(!lit(0..<8, 1))
        #expect(lit(0..<8, 2))
        #expect(!lit(0..<8, 3))
    }

    /// Only the missed call's arrow is in the match colour on the colour screen.
    @Test func aCallThatDidNotGoThroughHasItsArrowInTheMatchColour() throws {
        let option = try ScreenOption(parsing: "320x240x16")
        let painter = try GoldenImage.painter(depth: 16)
        let picture = try GoldenImage.shown(try Self.state(), on: option).picture
        let match = GoldenImage.quantized(painter.theme.match, option)
        func hasMatch(row: Int) -> Bool {
            (row * 16..<(row * 16 + 16)).contains { y in (8..<16).contains { x in picture[x, y] == match } }
        }
        #expect([1, 2, 3, 4].map(hasMatch) == [false, true, true, false])
    }
}
