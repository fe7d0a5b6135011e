// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import DialerKit
import ScreenOutput
import ScreenRender
import Testing

/// The idle screen's status line on the two screens it is made for, compared with the goldens
/// in `Tests/DialerKitTests/Golden/` (see GoldenScreenTests for how to rewrite them): 14:02,
/// two missed calls, a battery at 87% charging.
@Suite("Screen painter: the status line")
struct ScreenPainterStatusTests {
    static let status = StatusLine(clock: "14:02", missedCalls: 2, battery: StatusLine.Battery(percent: 87, charging: true))

    static func state() throws -> ScreenState {
        let session = try DialerSession(index: try GoldenBook.sample)
        session.unseenMissedCalls = 2
        _ = session.setNotice("2 missed")
        _ = session.setStatus(status)
        return session.screen
    }

    @Test(arguments: ["128x64x1", "320x240x16"])
    func matchesGolden(_ option: String) throws {
        let option = try ScreenOption(parsing: option)
        let shown = try GoldenImage.shown(try Self.state(), on: option)
        try GoldenImage.compare(shown.picture, golden: "status-\(GoldenImage.name(option))", format: shown.pngFormat)
    }

    /// What the goldens show, as text: the clock and the missed calls on the left, the battery
    /// on the right; on 128x64, 16 columns, the missed calls as an arrow and a count.
    @Test func theLineIsTheClockTheMissedCallsAndTheBattery() throws {
        let status = try #require(try Self.state().status)
        #expect(status.leading == "14:02 2 missed")
        #expect(status.compactLeading == "14:02 ←2")
        #expect(status.trailing == "87%+")
        #expect(status.compactLeading.count + 1 + status.trailing.count <= 128 / 8)
        #expect(status.leading.count + 1 + status.trailing.count > 128 / 8)
    }

    /// 128x64: the status is on the row under the query line, the battery at its right end,
    /// and only on the idle screen.
    @Test func theStatusIsTheSecondRowOfTheIdleScreenOnly() throws {
        let option = try ScreenOption(parsing: "128x64x1")
        let picture = try GoldenImage.shown(try Self.state(), on: option).picture
        #expect(GoldenImage.lit(picture, x: 0..<40, y: 16..<32))
        #expect(GoldenImage.lit(picture, x: 96..<128, y: 16..<32))
        var typed = try Self.state()
        typed.query = QueryText(committed: "3")
        let painter = try GoldenImage.painter(depth: 1)
        let withQuery = painter.paint(typed, width: 128, height: 64)
        var noStatus = typed
        noStatus.status = nil
        #expect(withQuery == painter.paint(noStatus, width: 128, height: 64))
    }
}
