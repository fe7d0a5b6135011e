// SPDX-License-Identifier: Apache-2.0

@testable import Diagnostics
import Foundation
import Testing

/// `t9dial doctor`'s ringer line: what the service's unit, the udev rule and baresip's config
/// do to each ringer of `[sound]`, on a fake system.
@Suite("t9dial doctor: the ringers")
struct DoctorSoundTests {
    /// One ringer set up, and something about it.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var config: String
        /// Set-up beyond the installed system: "audio" (the unit gives group audio), "beeper"
        /// (0620, linked), "beeper-0600", "beeper-unlinked", "led" (0664, t9dial-bell),
        /// "led-0644", "drop-in" (ReadWritePaths for the LED), "alert-default", "alert-null".
        var setUp: Set<String>
        var status: DoctorCheck.Status?
        /// Words the finding (and fix) must have.
        var says: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "print and no ringer: no line", config: "", setUp: [], status: nil, says: []),
        Case(
            name: "modemmanager and no ringer: a call is not heard", config: "[dial]\nmethod = \"modemmanager\"\n", setUp: [],
            status: .warning, says: ["a call coming in shows on the screen and is not heard", "set device"]),
        Case(
            name: "baresip, no ringer, baresip's alert on a card: baresip rings", config: "[dial]\nmethod = \"baresip\"\n",
            setUp: ["alert-default"], status: .ok, says: ["baresip rings"]),
        Case(
            name: "an ALSA device without group audio in the unit", config: "[sound]\ndevice = \"default\"\n", setUp: [], status: .warning,
            says: ["no group audio", "SupplementaryGroups=audio"]),
        Case(name: "an ALSA device with group audio", config: "[sound]\ndevice = \"default\"\n", setUp: ["audio"], status: .ok, says: ["ALSA device default"]),
        Case(
            name: "the beeper as the udev rule leaves it", config: "[sound]\nbeeper = \"/dev/input/t9dial-beeper\"\n", setUp: ["beeper"],
            status: .ok, says: ["beeper /dev/input/t9dial-beeper"]),
        Case(
            name: "a beeper the group cannot write", config: "[sound]\nbeeper = \"/dev/input/t9dial-beeper\"\n", setUp: ["beeper-0600"],
            status: .warning, says: ["mode 0600", "udevadm trigger --subsystem-match=input"]),
        Case(
            name: "a beeper by another path than the rule's link", config: "[sound]\nbeeper = \"/dev/input/event5\"\n",
            setUp: ["beeper-unlinked"], status: .warning, says: ["set beeper = \"/dev/input/t9dial-beeper\""]),
        Case(name: "a beeper that is not there", config: "[sound]\nbeeper = \"/dev/input/event9\"\n", setUp: [], status: .problem, says: ["does not exist"]),
        Case(
            name: "an LED without its drop-in", config: "[sound]\nleds = [\"t9dial-bell\"]\n", setUp: ["led"], status: .warning,
            says: ["ReadWritePaths=/sys/devices/platform/leds/leds/t9dial-bell"]),
        Case(
            name: "an LED with its drop-in", config: "[sound]\nleds = [\"t9dial-bell\"]\n", setUp: ["led", "drop-in"], status: .ok,
            says: ["LED t9dial-bell"]),
        Case(
            name: "an LED the group cannot switch", config: "[sound]\nleds = [\"t9dial-bell\"]\n", setUp: ["led-0644", "drop-in"], status: .warning,
            says: ["mode 0644", "udevadm trigger --subsystem-match=leds"]),
        Case(name: "an LED that is not there", config: "[sound]\nleds = [\"bell\"]\n", setUp: [], status: .problem, says: ["no LED bell"]),
        Case(
            name: "baresip rings too: a call would ring twice", config: "[dial]\nmethod = \"baresip\"\n[sound]\ndevice = \"default\"\n",
            setUp: ["audio", "alert-default"], status: .warning, says: ["ring twice", "audio_alert alsa,null"]),
        Case(
            name: "baresip's alert on the null device: t9dial alone rings",
            config: "[dial]\nmethod = \"baresip\"\n[sound]\ndevice = \"default\"\n", setUp: ["audio", "alert-null"], status: .ok,
            says: ["ALSA device default"]),
    ]

    @Test(arguments: cases)
    func ringer(_ scenario: Case) throws {
        let fake = try FakeSystem()
        try fake.installEverything(config: scenario.config)
        let groups = "[Service]\nExecStart=/usr/local/bin/t9dial run\nSupplementaryGroups=t9dial video"
        try fake.write(groups + (scenario.setUp.contains("audio") ? " audio\n" : "\n"), at: "/usr/lib/systemd/system/t9dial.service")
        if let mode = ["beeper": 0o620, "beeper-0600": 0o600, "beeper-unlinked": 0o620].first(where: { scenario.setUp.contains($0.key) })?.value {
            try fake.write("", at: "/dev/input/event5", mode: mode)
            if !scenario.setUp.contains("beeper-unlinked") { try fake.link("/dev/input/t9dial-beeper", to: "event5") }
        }
        if let mode = ["led": 0o664, "led-0644": 0o644].first(where: { scenario.setUp.contains($0.key) })?.value {
            try fake.write("0\n", at: "/sys/devices/platform/leds/leds/t9dial-bell/brightness", mode: mode)
            try fake.link("/sys/class/leds/t9dial-bell", to: "../../devices/platform/leds/leds/t9dial-bell")
        }
        if scenario.setUp.contains("drop-in") {
            try fake.write(
                "[Service]\nReadWritePaths=/sys/devices/platform/leds/leds/t9dial-bell\n", at: "/etc/systemd/system/t9dial.service.d/leds.conf")
        }
        for (key, device) in [("alert-default", "alsa,default"), ("alert-null", "alsa,null")] where scenario.setUp.contains(key) {
            try fake.write("module\t\t\talsa.so\naudio_alert\t\t\(device)\n", at: "/var/lib/baresip/config")
        }
        let doctor = fake.doctor
        let check = doctor.ringerCheck(doctor.loadSettings())
        #expect(check?.status == scenario.status, "\(String(describing: check))")
        for words in scenario.says {
            #expect(check?.description.contains(words) == true, "\(String(describing: check))")
        }
    }

    @Test(
        "ReadWritePaths= covers a folder and what is below it",
        arguments: [
            ("ReadWritePaths=/sys/devices/platform/leds/leds/bell", true),
            ("ReadWritePaths=-/sys/devices/platform/leds", true),
            ("ReadWritePaths=/var/lib/x /sys/devices/platform/leds/leds/bell", true),
            ("ReadWritePaths=/sys/devices/platform/leds/leds/bel", false),
            ("ReadOnlyPaths=/sys/devices/platform/leds/leds/bell", false),
        ])
    func readWritePaths(line: String, writable: Bool) {
        #expect(Doctor.makesWritable("/sys/devices/platform/leds/leds/bell", "[Service]\n\(line)\n") == writable)
    }
}
