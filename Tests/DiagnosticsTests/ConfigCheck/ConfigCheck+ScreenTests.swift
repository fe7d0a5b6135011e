// SPDX-License-Identifier: Apache-2.0

import Diagnostics
import DialerConfig
import DialerKit
import Foundation
import TestFixtures
import Testing

@Suite("ConfigCheck: [screen] backlight")
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
}
