// SPDX-License-Identifier: Apache-2.0

import Foundation
import ScreenOutput
import ScreenRender
import Testing

/// The displays `run` and `try` draw on, as the command builds them.
@Suite("t9dial's displays")
struct DisplayOptionsTests {
    /// `try` on a 128x64 picture sets the idle screen's clock in the small 5x8 font of the data
    /// folder (25 pixels for "14:02" where the 8x16 font takes 40), centred in the second row.
    @Test func a128x64PictureHasTheStatusLineInTheSmallFont() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let png = directory + "/screen.png"
            let dialer = try InteractiveT9Dial(
                [
                    "try", "--contacts", T9DialProcess.sampleContacts, "--output", "png:" + png, "--screen", "128x64x1",
                    "--output", "text",
                ],
                stateDirectory: directory + "/state")
            defer { _ = dialer.quit() }
            var picture: Canvas?
            let drawn = dialer.wait(seconds: 30) { _ in
                picture = try? PNGFile.read(png)
                return picture.map { Self.inked($0, x: 0..<128, y: 16..<32) } == true
            }
            try #require(drawn, "no status line in \(png); stderr: \(dialer.stderr)")
            let canvas = try #require(picture)
            // The clock's five cells of 5x8: ink from the row's fifth pixel row, none under
            // the small font's baseline, and nothing between the clock and the right side
            // (where a battery may be).
            let clock = Self.inked(canvas, x: 0..<25, y: 20..<27)
            let above = Self.inked(canvas, x: 0..<128, y: 16..<20)
            let below = Self.inked(canvas, x: 0..<128, y: 28..<32)
            let past = Self.inked(canvas, x: 26..<64, y: 16..<32)
            #expect(clock && !above && !below && !past, "ink: clock \(clock), above \(above), below \(below), past it \(past)")
        }
    }

    /// A damaged small font in the data folder is a warning, and the screen is drawn all the
    /// same (the status line then in the screen's font).
    @Test func aDamagedSmallFontIsAWarning() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let data = directory + "/data"
            try FileManager.default.createDirectory(atPath: data + "/fonts", withIntermediateDirectories: true)
            for folder in ["layouts", "keymaps"] {
                try FileManager.default.createSymbolicLink(atPath: data + "/" + folder, withDestinationPath: T9DialProcess.dataDirectory + "/" + folder)
            }
            try FileManager.default.copyItem(
                atPath: T9DialProcess.dataDirectory + "/fonts/t9dial-8x16.psf", toPath: data + "/fonts/t9dial-8x16.psf")
            try Data("not a font".utf8).write(to: URL(fileURLWithPath: data + "/fonts/t9dial-5x8.psf"))
            let png = directory + "/screen.png"
            let output = try T9DialProcess.run(
                [
                    "run", "--replay", "Config/samples/demo-session.evemu", "--contacts", T9DialProcess.sampleContacts,
                    "--output", "png:" + png, "--screen", "128x64x1", "--data-dir", data,
                ], dataDirectory: false)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(output.stderr.contains(data + "/fonts/t9dial-5x8.psf"), "stderr: \(output.stderr)")
            #expect(output.stderr.contains("the status line uses the screen's font"), "stderr: \(output.stderr)")
            #expect(FileManager.default.fileExists(atPath: png))
        }
    }

    static func inked(_ canvas: Canvas, x: Range<Int>, y: Range<Int>) -> Bool {
        y.contains { row in x.contains { canvas[$0, row] != .black } }
    }
}
