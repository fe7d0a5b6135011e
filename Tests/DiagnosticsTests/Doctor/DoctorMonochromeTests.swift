// SPDX-License-Identifier: Apache-2.0

@testable import Diagnostics
import Foundation
import Testing

/// `t9dial doctor`'s framebuffer line says when the panel is drawn black and white at a depth
/// that would be drawn in colour, and why, from /sys/class/graphics and `[screen] monochrome`.
@Suite("t9dial doctor: monochrome panels")
struct DoctorMonochromeTests {
    @Test(
        arguments: [
            ("ssd130xdrmfb", "32", "", "; ssd130xdrmfb, 32 bits a pixel, drawn black and white: its driver, ssd130xdrmfb, drives one-bit panels"),
            ("ssd130xdrmfb", "32", "monochrome = false", "; ssd130xdrmfb, 32 bits a pixel, drawn in colour: monochrome = false in [screen]"),
            ("fb_ili9341", "16", "monochrome = true", "; fb_ili9341, 16 bits a pixel, drawn black and white: monochrome = true in [screen]"),
            ("fb_ili9341", "16", "", nil),
            ("Solomon SSD1307", "1", "", nil),
            (nil, nil, "monochrome = true", "; drawn black and white: monochrome = true in [screen]"),
            (nil, nil, "", nil),
        ] as [(String?, String?, String, String?)]
    )
    func theFramebufferLineSaysWhy(name: String?, bits: String?, line: String, says: String?) throws {
        let fake = try FakeSystem()
        try fake.installEverything(
            config: "contacts = [\"/etc/t9dial/contacts.vcf\"]\n[screen]\nframebuffer = \"/dev/fb0\"\n\(line)\n")
        if let name, let bits {
            try fake.write(name + "\n", at: "/sys/class/graphics/fb0/name")
            try fake.write(bits + "\n", at: "/sys/class/graphics/fb0/bits_per_pixel")
        }
        let doctor = fake.doctor
        let check = doctor.framebufferCheck(doctor.loadSettings())
        #expect(check.status == .ok, "\(check)")
        let finding = check.description
        if let says {
            #expect(finding.contains("/dev/fb0, group ") && finding.contains(says), "\(finding)")
        } else {
            #expect(!finding.contains("drawn"), "\(finding)")
        }
    }
}
