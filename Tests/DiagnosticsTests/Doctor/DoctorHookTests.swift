// SPDX-License-Identifier: Apache-2.0

@testable import Diagnostics
import DialerEngine
import Testing

/// `t9dial doctor` on a keymap's hook switch: logind suspends the board on SW_LID and powers it
/// off on KEY_POWER.
@Suite("t9dial doctor: hook switch")
struct DoctorHookTests {
    static func keymap(_ hook: HookSwitch?) -> Keymap {
        Keymap(id: "phone", name: "Phone", roles: [:], hook: hook)
    }

    @Test func noHookNoLine() throws {
        let fake = try FakeSystem()
        #expect(fake.doctor.hookCheck(keymaps: [Self.keymap(nil)]) == nil)
        // The shipped keymaps name no hook: a system without one has no such line.
        try fake.installEverything()
        #expect(!fake.doctor.examine().checks.contains { $0.subject == "hook switch" })
    }

    @Test func aNeutralCodeIsOk() throws {
        let check = try FakeSystem().doctor.hookCheck(keymaps: [Self.keymap(.key(0x1bd, liftedValue: 0))])
        #expect(check == DoctorCheck(.ok, "hook switch", "keymap \"phone\" reads the hook from KEY_PICKUP_PHONE"))
    }

    @Test func theLidSwitchIsAWarningThatSaysHowToFixIt() throws {
        let check = try #require(try FakeSystem().doctor.hookCheck(keymaps: [Self.keymap(.switch(0x00, liftedValue: 0))]))
        #expect(check.status == .warning)
        #expect(
            check.finding.hasPrefix(
                "keymap \"phone\" reads the hook from SW_LID, and systemd-logind suspends the board on it (HandleLidSwitch=suspend, its default)"))
        #expect(
            check.fix
                == "give the hook another code in the device tree and the keymap (SW_KEYPAD_SLIDE), or put [Login] and "
                + "HandleLidSwitch=ignore and HandleLidSwitchExternalPower=ignore in /etc/systemd/logind.conf.d/t9dial.conf, "
                + "then sudo systemctl restart systemd-logind")
    }

    @Test func thePowerKeyIsAWarningUnlessLogindIgnoresIt() throws {
        let fake = try FakeSystem()
        let keymaps = [Self.keymap(nil), Self.keymap(.key(116, liftedValue: 1))]
        try fake.write("[Login]\nHandlePowerKey=reboot\n", at: "/etc/systemd/logind.conf")
        let warning = try #require(fake.doctor.hookCheck(keymaps: keymaps))
        #expect(warning.status == .warning)
        #expect(warning.finding.contains("KEY_POWER, and systemd-logind acts on it (HandlePowerKey=reboot in /etc/systemd/logind.conf)"))
        #expect(warning.fix?.contains("KEY_PICKUP_PHONE") == true)

        // A drop-in read after logind.conf wins; a commented line or another section does not.
        try fake.write(
            "[Login]\n#HandlePowerKey=poweroff\nHandlePowerKey = ignore\n[Other]\nHandlePowerKey=poweroff\n", at: "/etc/systemd/logind.conf.d/t9dial.conf")
        let ok = try #require(fake.doctor.hookCheck(keymaps: keymaps))
        #expect(
            ok
                == DoctorCheck(
                    .ok, "hook switch",
                    "keymap \"phone\" reads the hook from KEY_POWER, which logind ignores (HandlePowerKey=ignore in /etc/systemd/logind.conf.d/t9dial.conf)"
                ))
    }
}
