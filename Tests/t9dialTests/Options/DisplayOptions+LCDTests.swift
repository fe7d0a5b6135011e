// SPDX-License-Identifier: Apache-2.0

import Foundation
import ScreenOutput
import ScreenRender
import Testing

/// The character LCD as `run` builds it: `--screen lcd16x2` draws the PNGs as the LCD looks,
/// and `[screen] lcd` names the device, whose open errors end the run with their fix.
@Suite("t9dial's character LCD")
struct DisplayOptionsLCDTests {
    @Test(arguments: [("lcd16x2", 16, 2), ("lcd20x4", 20, 4)])
    func aReplayDrawsTheLCDPicture(screen: String, columns: Int, rows: Int) throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let png = directory + "/lcd.png"
            let output = try T9DialProcess.run([
                "run", "--replay", "Config/samples/demo-session.evemu", "--contacts", T9DialProcess.sampleContacts,
                "--output", "png:" + png, "--screen", screen,
            ])
            #expect(output.status == 0, "stderr: \(output.stderr)")
            let picture = try PNGFile.read(png)
            let size = CharacterLCDScreen.pictureSize(columns: columns, rows: rows)
            #expect(picture.width == size.width && picture.height == size.height)
            #expect(picture.pixels.contains(CharacterLCDScreen.litDotColor))
        }
    }

    /// The picture docs/board.md shows is the demo's last screen as t9dial draws it now (make
    /// demo-lcd draws it again).
    @Test func theDocumentedPictureIsTheDemosLastScreen() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let png = directory + "/lcd.png"
            let output = try T9DialProcess.run([
                "run", "--replay", "Config/samples/demo-session.evemu", "--contacts", T9DialProcess.sampleContacts,
                "--output", "png:" + png, "--screen", "lcd20x4",
            ])
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(try PNGFile.read(png) == PNGFile.read("Config/samples/demo-lcd.png"))
        }
    }

    @Test(arguments: [
        ("lcd17", "a character LCD's size must be COLUMNSxROWS"),
        ("lcd20x5", "1 to 4 rows"),
    ])
    func aBadLCDSizeIsRefused(screen: String, message: String) throws {
        let output = try T9DialProcess.run([
            "run", "--replay", "Config/samples/demo-session.evemu", "--contacts", T9DialProcess.sampleContacts,
            "--output", "png:x.png", "--screen", screen,
        ])
        #expect(output.status != 0)
        #expect(output.stderr.contains(message), "stderr: \(output.stderr)")
    }

    @Test func aConfiguredLCDThatIsNoDeviceEndsTheRunWithTheFix() throws {
        try T9DialProcess.withTemporaryDirectory { folder in
            let notADevice = folder + "/lcd"
            try Data("a file".utf8).write(to: URL(fileURLWithPath: notADevice))
            let config = try T9DialProcess.write("[screen]\nlcd = \"\(notADevice)\"\nlcd_size = \"20x4\"\n", to: folder + "/t9dial.toml")
            let output = try T9DialProcess.run(
                ["run", "--replay", "Config/samples/demo-session.evemu", "--contacts", T9DialProcess.sampleContacts], config: config)
            #expect(output.status == 1)
            #expect(output.stderr.contains("\(notADevice) is a regular file, not a character device"), "stderr: \(output.stderr)")
            #expect(try String(contentsOfFile: notADevice, encoding: .utf8) == "a file")
        }
    }

    /// With a module configured, the pictures mirror it at its size, whatever --screen says.
    @Test func thePicturesMirrorTheConfiguredModule() throws {
        try T9DialProcess.withTemporaryDirectory { folder in
            let config = try T9DialProcess.write("[screen]\nlcd = \"/dev/null\"\nlcd_size = \"20x4\"\n", to: folder + "/t9dial.toml")
            let png = folder + "/lcd.png"
            let output = try T9DialProcess.run(
                [
                    "run", "--replay", "Config/samples/demo-session.evemu", "--contacts", T9DialProcess.sampleContacts,
                    "--output", "png:" + png, "--screen", "lcd16x2",
                ], config: config)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            let picture = try PNGFile.read(png)
            let size = CharacterLCDScreen.pictureSize(columns: 20, rows: 4)
            #expect(picture.width == size.width && picture.height == size.height)
        }
    }

    /// /dev/null stands in for /dev/lcd: a character device the run writes to and ends well.
    @Test func aConfiguredLCDIsDrawnOnBesidesText() throws {
        try T9DialProcess.withTemporaryDirectory { folder in
            let config = try T9DialProcess.write("[screen]\nlcd = \"/dev/null\"\n", to: folder + "/t9dial.toml")
            let output = try T9DialProcess.run(
                ["run", "--replay", "Config/samples/demo-session.evemu", "--contacts", T9DialProcess.sampleContacts], config: config)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(output.stdout.contains("T9:"), "stdout: \(output.stdout)")
        }
    }
}
