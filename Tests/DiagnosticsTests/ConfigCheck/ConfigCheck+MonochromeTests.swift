// SPDX-License-Identifier: Apache-2.0

import Diagnostics
import DialerConfig
import DialerKit
import Foundation
import TestFixtures
import Testing

/// `config check` reads `[screen] monochrome` (a value not true or false is a problem at its
/// line) and warns when false is set for a one-bit framebuffer, which stays black and white.
@Suite("ConfigCheck: [screen] monochrome")
struct ConfigCheckMonochromeTests {
    /// The findings about `[screen]` of a config naming the sample contacts and `text`, on a
    /// system whose /sys/class/graphics/fb1 has `bits` bits a pixel.
    func check(_ text: String, bits: String) throws -> [ConfigFinding] {
        try TestFiles.withTemporaryDirectory { folder in
            let file = try TestFiles.write("contacts = [\"\(TestFiles.sampleContacts)\"]\n" + text, to: folder + "/t9dial.toml")
            try FileManager.default.createDirectory(atPath: folder + "/root/sys/class/graphics/fb1", withIntermediateDirectories: true)
            _ = try TestFiles.write(bits + "\n", to: folder + "/root/sys/class/graphics/fb1/bits_per_pixel")
            let root = folder + "/root"
            let check = ConfigCheck(
                file: file, readers: .dialerKit, dataDirectory: TestFiles.dataDirectory, environment: [:],
                systemPath: { $0.hasPrefix("/sys/") ? root + $0 : $0 })
            return check.run().findings.filter { $0.error.key == "screen.monochrome" }
        }
    }

    @Test(
        arguments: [
            ("monochrome = false", "1", true), ("monochrome = false", "32", false), ("monochrome = true", "1", false),
            ("", "1", false),
        ]
    )
    func falseOnAOneBitFramebufferIsAWarning(line: String, bits: String, warns: Bool) throws {
        let findings = try check("[screen]\nframebuffer = \"/dev/fb1\"\n\(line)\n", bits: bits)
        #expect(findings.count == (warns ? 1 : 0), "\(findings)")
        if let finding = findings.first {
            #expect(finding.severity == .warning && finding.error.line == 4)
            #expect(finding.error.message == "monochrome = false cannot give /dev/fb1 colours: it has 1 bit a pixel, so it is drawn black and white")
        }
    }

    @Test func aValueNotTrueOrFalseIsAProblemAtItsLine() throws {
        let findings = try check("[screen]\nmonochrome = 1\n", bits: "32")
        let finding = try #require(findings.first, "\(findings)")
        #expect(finding.severity == .problem && finding.error.line == 3)
        #expect(finding.error.message.contains("must be true or false, like monochrome = true"))
    }
}
