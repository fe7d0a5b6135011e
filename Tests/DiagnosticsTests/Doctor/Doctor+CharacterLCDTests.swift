// SPDX-License-Identifier: Apache-2.0

@testable import Diagnostics
import Foundation
import Testing

/// `t9dial doctor`'s character display line: the device of `[screen] lcd`, what it is, and its
/// group and mode, on a fake system where /dev/null stands for /dev/lcd.
@Suite("t9dial doctor: the character display")
struct DoctorCharacterLCDTests {
    enum Node: String, CaseIterable, Sendable {
        case none, missing, regularFile, otherGroup, serviceGroup
    }

    @Test(arguments: Node.allCases)
    func characterLCD(node: Node) throws {
        let fake = try FakeSystem()
        try fake.installEverything(config: node == .none ? "" : "[screen]\nlcd = \"/dev/lcd\"\nlcd_size = \"20x4\"\n")
        switch node {
        case .none, .missing: break
        case .regularFile: try fake.write("text\n", at: "/dev/lcd")
        case .otherGroup:
            try fake.link("/dev/lcd", to: "/dev/null")
            // A group /dev/null is not in, whoever runs the tests.
            fake.groups["t9dial"] = (fake.groups["video"] ?? 0) + 4242
        case .serviceGroup:
            try fake.link("/dev/lcd", to: "/dev/null")
            // /dev/null (crw-rw-rw-) in the service's group: what the udev rule makes of /dev/lcd.
            fake.groups["t9dial"] = fake.groups["video"]
        }
        let doctor = fake.doctor
        let check = doctor.characterLCDCheck(doctor.loadSettings())
        let expected: (DoctorCheck.Status?, [String]) =
            switch node {
            case .none: (nil, [])
            case .missing: (.problem, ["/dev/lcd does not exist", "dtoverlay=hd44780-i2c-lcd", "docs/board.md"])
            case .regularFile: (.problem, ["/dev/lcd is not a character device"])
            case .otherGroup: (.problem, ["/dev/null, group", "cannot write it", "udevadm trigger --subsystem-match=misc"])
            case .serviceGroup: (.ok, ["/dev/null, group", "mode 0666, 20x4, ROM A00"])
            }
        #expect(check?.status == expected.0, "\(String(describing: check))")
        for words in expected.1 {
            #expect(check?.description.contains(words) == true, "\(String(describing: check))")
        }
        // The line is in the report where a display is named, after the framebuffer's.
        let subjects = doctor.examine().checks.map(\.subject)
        #expect(subjects.contains("lcd") == (node != .none))
    }
}
