// SPDX-License-Identifier: Apache-2.0

@testable import Diagnostics
import Foundation
import Testing

/// `t9dial doctor`'s backlight line: the backlight of `[screen]`, its attribute's group and
/// mode, and the unit's drop-in, on a fake system.
@Suite("t9dial doctor: the backlight")
struct DoctorScreenTests {
    static let device = "/sys/devices/platform/backlight/backlight/lcd"

    @Test(
        "What the backlight needs, and what is said when it lacks it",
        arguments: [
            ("", 0, false, nil, []),
            ("panel", 0, false, DoctorCheck.Status.problem, ["no backlight panel", "ls /sys/class/backlight/"]),
            ("lcd", 0o644, true, .warning, ["mode 0644", "SUBSYSTEM==\"backlight\", KERNEL==\"lcd\"", "/sys%p/bl_power"]),
            ("lcd", 0o664, false, .warning, ["ReadWritePaths=\(device)"]),
            ("lcd", 0o664, true, .ok, ["backlight lcd (bl_power)"]),
        ] as [(String, Int, Bool, DoctorCheck.Status?, [String])]
    )
    func backlight(name: String, mode: Int, dropIn: Bool, status: DoctorCheck.Status?, says: [String]) throws {
        let fake = try FakeSystem()
        try fake.installEverything(config: name.isEmpty ? "" : "[screen]\nbacklight = \"\(name)\"\n")
        if mode != 0 {
            try fake.write("0\n", at: Self.device + "/bl_power", mode: mode)
            try fake.link("/sys/class/backlight/lcd", to: "../../devices/platform/backlight/backlight/lcd")
        }
        if dropIn {
            try fake.write("[Service]\nReadWritePaths=\(Self.device)\n", at: "/etc/systemd/system/t9dial.service.d/backlight.conf")
        }
        let doctor = fake.doctor
        let check = doctor.backlightCheck(doctor.loadSettings())
        #expect(check?.status == status, "\(String(describing: check))")
        for words in says {
            #expect(check?.description.contains(words) == true, "\(String(describing: check))")
        }
    }
}
