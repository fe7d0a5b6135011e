// SPDX-License-Identifier: Apache-2.0

import Diagnostics
import DialerConfig
import DialerKit
import Foundation
import TestFixtures
import Testing

@Suite("ConfigCheck: [screen] backlight and devices")
struct ConfigCheckScreenTests {
    /// The findings about `[screen]` of a config naming the sample contacts, and `text`.
    func check(_ text: String) throws -> [ConfigFinding] {
        try TestFiles.withTemporaryDirectory { folder in
            let file = try TestFiles.write("contacts = [\"\(TestFiles.sampleContacts)\"]\n" + text, to: folder + "/t9dial.toml")
            let report = ConfigCheck(file: file, readers: .dialerKit, dataDirectory: TestFiles.dataDirectory, environment: [:]).run()
            return report.findings.filter { $0.error.key?.hasPrefix("screen.") == true }
        }
    }

    @Test func aBacklightThatIsNotThereIsAWarningAtItsLine() throws {
        let findings = try check("[screen]\nbacklight = \"t9dial-no-such-backlight\"\n")
        let finding = try #require(findings.first, "\(findings)")
        #expect(findings.count == 1 && finding.severity == .warning)
        #expect(finding.error.key == "screen.backlight" && finding.error.line == 3)
        #expect(
            finding.error.message
                == "no backlight t9dial-no-such-backlight (/sys/class/backlight/t9dial-no-such-backlight does not exist); "
                + "ls /sys/class/backlight/ lists them")
    }

    @Test func noBacklightNoFinding() throws {
        #expect(try check("[screen]\nbacklight = \"\"\nsleep_after = \"5m\"\n").isEmpty)
    }

    /// A screen device the config names that this system lacks: a warning at its key's line
    /// saying what to look at on the board, since the config may be checked elsewhere.
    @Test(arguments: [
        ("framebuffer", "/dev/t9dial-no-fb9", "does not exist here, so nothing is drawn; on the board, check the panel's driver (ls /dev/fb*)"),
        ("drm", "/dev/dri/t9dial-no-card9", "does not exist here, so nothing is drawn; on the board, check the panel's DRM driver (ls /dev/dri/)"),
        ("lcd", "/dev/t9dial-no-lcd", "does not exist here, so nothing is shown on it; on the board, check the hd44780 overlay (t9dial doctor says which)"),
    ])
    func aMissingScreenDeviceIsAWarningAtItsLine(key: String, path: String, saying: String) throws {
        let findings = try check("[screen]\nbacklight = \"\"\n\(key) = \"\(path)\"\n")
        let finding = try #require(findings.first, "\(findings)")
        #expect(findings.count == 1 && finding.severity == .warning)
        #expect(finding.error.key == "screen.\(key)" && finding.error.line == 4)
        #expect(finding.error.message == path + " " + saying)
    }

    @Test func aScreenDeviceThatIsThereNoFinding() throws {
        #expect(try check("[screen]\nbacklight = \"\"\nlcd = \"/dev/null\"\n").isEmpty)
    }
}
