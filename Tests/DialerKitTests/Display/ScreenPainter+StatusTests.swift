// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import DialerEngine
import DialerKit
import ScreenOutput
import ScreenRender
import Testing

/// The idle screen's status line on the two screens it is made for, compared with the goldens
/// in `Tests/DialerKitTests/Golden/` (see GoldenScreenTests for how to rewrite them): 14:02,
/// two missed calls, SIP registered, a battery at 87% charging; and on 128x64 a modem's line
/// (the operator and three bars).
@Suite("Screen painter: the status line")
struct ScreenPainterStatusTests {
    static let battery = StatusLine.Battery(percent: 87, charging: true)
    static let status = StatusLine(clock: "14:02", missedCalls: 2, battery: battery, line: LineState(registered: true))
    static let modem = StatusLine(
        clock: "14:02", missedCalls: 2, battery: battery, line: LineState(signalBars: 3, operatorName: "Vodafone UK"))

    static func state(_ status: StatusLine = status) throws -> ScreenState {
        let session = try DialerSession(index: try GoldenBook.sample)
        session.unseenMissedCalls = status.missedCalls
        if status.missedCalls > 0 { _ = session.setNotice("\(status.missedCalls) missed") }
        _ = session.setStatus(status)
        _ = session.setLineState(status.line)
        return session.screen
    }

    @Test(arguments: ["128x64x1", "320x240x16"])
    func matchesGolden(_ option: String) throws {
        let option = try ScreenOption(parsing: option)
        let shown = try GoldenImage.shown(try Self.state(), on: option)
        try GoldenImage.compare(shown.picture, golden: "status-\(GoldenImage.name(option))", format: shown.pngFormat)
    }

    @Test func aModemsLineMatchesGolden() throws {
        let option = try ScreenOption(parsing: "128x64x1")
        let shown = try GoldenImage.shown(try Self.state(Self.modem), on: option)
        try GoldenImage.compare(shown.picture, golden: "status-modem-\(GoldenImage.name(option))", format: shown.pngFormat)
    }

    /// What the 8x16 font cannot hold on 128x64 (16 columns), the small font can (25).
    @Test func theWholeLineFitsOnlyInTheSmallFont() throws {
        let status = try #require(try Self.state().status)
        #expect(status.leading == "14:02 2 missed")
        #expect(status.trailing == "SIP 87%+")
        let whole = status.leading.count + 1 + status.trailing.count
        #expect(whole > 128 / 8)
        #expect(whole <= 128 / 5)
    }

    /// The small signal bars (U+E000 + 2n, U+E001 + 2n) for three of four bars.
    static let threeBars = "\u{E006}\u{E007}"

    /// 128x64: the line set in the small font, centred in the second row, as the left and the
    /// right text say, even where the screen's font could hold it. What does not fit goes in order: the operator cut, the missed calls
    /// compacted, the operator dropped; the line's state and the battery stay.
    @Test(arguments: [
        (status, "14:02 2 missed", "SIP 87%+"),
        (StatusLine(clock: "14:02"), "14:02", ""),
        (StatusLine(clock: "14:02", battery: battery, line: modem.line), "14:02", "Vodafone UK \(threeBars) 87%+"),
        (modem, "14:02 \u{2190}2", "Vodafon\u{2026} \(threeBars) 87%+"),
        (
            StatusLine(clock: "14:02", missedCalls: 12, battery: StatusLine.Battery(percent: 100, charging: true), line: modem.line),
            "14:02 \u{2190}12", "Vodaf\u{2026} \(threeBars) 100%+"
        ),
        (
            StatusLine(clock: "12:59 PM", missedCalls: 123, battery: battery, line: LineState(signalBars: 0, operatorName: "Telekom.de")),
            "12:59 PM \u{2190}123", "\u{E000}\u{E001} 87%+"
        ),
        (StatusLine(clock: "9:41", missedCalls: 1, line: LineState(registered: false)), "9:41 1 missed", "no SIP"),
    ])
    func theSmallLineShows(_ status: StatusLine, _ left: String, _ right: String) throws {
        let painter = try GoldenImage.painter(depth: 1)
        let small = try #require(painter.smallFont)
        let canvas = painter.paint(try Self.state(status), width: 128, height: 64)
        var expected = Canvas(width: 128, height: 64, background: .black)
        expected.draw(left, font: small, at: 0, y: 20, color: .white)
        expected.draw(right, font: small, at: 128 - small.width(of: right), y: 20, color: .white)
        #expect(Self.ink(canvas, rows: 16..<32, background: painter.theme.background) == Self.ink(expected, rows: 16..<32), "\(left) | \(right)")
    }

    /// Without the small font (not installed), or with a console font no taller than it, the
    /// line is the screen's font's, compacted: the call log's arrow and the count.
    @Test func withoutASmallerFontTheLineIsTheScreenFontsCompactForm() throws {
        let painter = try GoldenImage.painter(depth: 1)
        let status = StatusLine(clock: "14:02", missedCalls: 2, battery: Self.battery)
        let state = try Self.state(status)
        var bare = painter
        bare.smallFont = nil
        var expected = Canvas(width: 128, height: 64, background: .black)
        expected.draw("14:02 \u{2190}2", font: bare.font, at: 0, y: 16, color: .white)
        expected.draw("87%+", font: bare.font, at: 128 - 32, y: 16, color: .white)
        #expect(Self.ink(bare.paint(state, width: 128, height: 64), rows: 16..<32, background: bare.theme.background) == Self.ink(expected, rows: 16..<32))
        // The small font itself as the console font: nothing smaller to set the line in.
        let small = try #require(painter.smallFont)
        let console = ScreenPainter(font: small, theme: painter.theme, smallFont: small)
        let consoleOnly = ScreenPainter(font: small, theme: painter.theme)
        #expect(console.paint(state, width: 128, height: 64) == consoleOnly.paint(state, width: 128, height: 64))
        #expect(console.paint(state, width: 128, height: 64) != painter.paint(state, width: 128, height: 64))
    }

    /// Screens wider than a small panel keep the screen's font, even where the line is cut.
    @Test(arguments: [(320, 240), (240, 320)])
    func widerScreensKeepTheirFont(_ width: Int, _ height: Int) throws {
        let painter = try GoldenImage.painter(depth: 16)
        var bare = painter
        bare.smallFont = nil
        let long = StatusLine(
            clock: "14:02", missedCalls: 2, battery: Self.battery,
            line: LineState(registered: true, signalBars: 2, operatorName: "Vodafone United Kingdom"))
        for status in [Self.status, long] {
            let state = try Self.state(status)
            #expect(painter.paint(state, width: width, height: height) == bare.paint(state, width: width, height: height))
        }
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

    /// Which pixels of `rows` are not `background`.
    static func ink(_ canvas: Canvas, rows: Range<Int>, background: Color = .black) -> [Bool] {
        rows.flatMap { y in (0..<canvas.width).map { x in canvas[x, y] != background } }
    }
}
