// SPDX-License-Identifier: Apache-2.0

@testable import Diagnostics
import DialerKit
import Evdev
import EvdevTestSupport
import Foundation
import Telephony
import TestFixtures
import Testing
import InputEvents

/// A fake system in a temporary folder, set up as `t9dial doctor` wants it, for a scenario to
/// break one thing of.
final class FakeSystem {
    let directory: TemporaryDirectory
    /// The group every file made here belongs to, which the fake lookup calls t9dial.
    let groupID: UInt32
    var groups: [String: UInt32]
    /// The keypad's fake event node, kept open as long as the system.
    var nodes: [FakeEvdevNode] = []
    /// What systemd says of the service on the fake system.
    var service: ServiceState? = ServiceState(active: "active", status: "2 contacts, reading /dev/input/event2")
    /// Why libcurl cannot be loaded on the fake system, if it cannot.
    var syncLibraryProblem: String? = nil

    static let numpadKeys: [UInt16] = ((0...9).map { "KEY_KP\($0)" } + ["KEY_KPASTERISK", "KEY_KPDOT", "KEY_KPENTER"])
        .compactMap { EventCodes.keyCode(named: $0) }

    init() throws {
        directory = try TemporaryDirectory()
        groupID = try #require((FileManager.default.attributesOfItem(atPath: directory.path)[.groupOwnerAccountID] as? NSNumber)?.uint32Value)
        let nullGroup = try #require((FileManager.default.attributesOfItem(atPath: "/dev/null")[.groupOwnerAccountID] as? NSNumber)?.uint32Value)
        // /dev/null stands for the framebuffer: a character device, group-writable.
        groups = ["t9dial": groupID, "video": nullGroup]
    }

    var system: CheckedSystem {
        let groups = self.groups
        let service = service, syncLibraryProblem = syncLibraryProblem
        return CheckedSystem(
            root: directory.path, groupID: { groups[$0] }, runsAsRoot: false, environment: [:], serviceState: { service },
            syncLibraryProblem: { syncLibraryProblem }
        )
    }

    var doctor: Doctor { Doctor(system: system, readers: .dialerKit, dataDirectory: TestFiles.dataDirectory) }

    /// Writes a file at a path of the fake system.
    func write(_ text: String, at path: String, mode: Int = 0o644) throws {
        try TestFiles.write(text, to: directory.path + path)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: directory.path + path)
    }

    func link(_ path: String, to target: String) throws {
        try directory.makeFolder(String(path.dropFirst().split(separator: "/").dropLast().joined(separator: "/")))
        try directory.makeLink(String(path.dropFirst()), to: target)
    }

    /// A USB numpad at /dev/input/event2 with its by-id link, mode 0660.
    func addNumpad() throws {
        try directory.makeFolder("dev/input/by-id")
        let node = try FakeEvdevNode(path: directory.join("dev/input/event2"), name: "USB Numpad", keys: Self.numpadKeys)
        try FileManager.default.setAttributes([.posixPermissions: 0o660], ofItemAtPath: node.path)
        try link("/dev/input/by-id/usb-05a4_USB_Numpad-event-kbd", to: "../event2")
        nodes.append(node)
    }

    /// Everything in place: the rule, the unit and its program, a keypad linked by the rule, a
    /// framebuffer, a config naming contacts that load.
    func installEverything(config: String = "contacts = [\"/etc/t9dial/contacts.vcf\"]\n[screen]\nframebuffer = \"/dev/fb0\"\n") throws {
        try write("# t9dial\n", at: "/etc/udev/rules.d/70-t9dial.rules")
        try write("[Service]\nExecStart=/usr/local/bin/t9dial run\n", at: "/usr/lib/systemd/system/t9dial.service")
        try write("#!/bin/sh\n", at: "/usr/local/bin/t9dial", mode: 0o755)
        try addNumpad()
        try link("/dev/input/t9dial-keypad", to: "event2")
        try link("/dev/fb0", to: "/dev/null")
        try write(config, at: "/etc/t9dial/t9dial.toml")
        try write(TestFiles.card(uid: "1", name: "Ann Lee") + TestFiles.card(uid: "2", name: "Bo Li"), at: "/etc/t9dial/contacts.vcf")
    }
}

@Suite("t9dial doctor")
struct DoctorTests {
    /// Each scenario breaks one thing of a system where everything is in place.
    enum Scenario: String, CaseIterable, Sendable {
        case allGood, ruleMissing, unitProgramMissing, groupMissing, linkMissingWithKeypad, noKeypadAtAll, noInputDirectory
        case framebufferNotADevice, contactsUnderHome, badConfig, modemWithoutDropIn, modemWithDropIn, modemWithModemManager,
            modemWithModemManagerKeptOff
        case contactsInTmp, contactsNotReadable, carddavPasswordWithoutCredential, carddavPasswordWithCredential, carddavWithoutLibcurl
        case serviceFailed, serviceInactive, noSystemd
        case baresipOnLoopback, baresipOnEveryAddress, baresipNotRunning, baresipNotRegistered
        case baresipNoSuchSoundDevice, baresipNoSoundCard, baresipSoundModuleNotLoaded, baresipNullSound, baresipNoConfig

        var isBaresip: Bool { rawValue.hasPrefix("baresip") }

        func make() throws -> FakeSystem {
            let fake = try FakeSystem()
            switch self {
            case .serviceFailed, .serviceInactive, .noSystemd:
                try fake.installEverything()
                fake.service =
                    switch self {
                    case .serviceFailed: ServiceState(active: "failed", lastError: "no contacts to search")
                    case .serviceInactive: ServiceState(active: "inactive")
                    default: nil
                    }
            case .allGood, .groupMissing:
                try fake.installEverything()
                if self == .groupMissing { fake.groups["t9dial"] = nil }
            case .ruleMissing:
                try fake.installEverything()
                try FileManager.default.removeItem(atPath: fake.directory.join("etc/udev/rules.d/70-t9dial.rules"))
                try fake.write("# mine\n", at: "/etc/udev/rules.d/69-t9dial-local.rules")
            case .unitProgramMissing:
                try fake.installEverything()
                try FileManager.default.removeItem(atPath: fake.directory.join("usr/local/bin/t9dial"))
            case .linkMissingWithKeypad, .noKeypadAtAll, .noInputDirectory:
                try fake.installEverything()
                try FileManager.default.removeItem(atPath: fake.directory.join("dev/input/t9dial-keypad"))
                if self != .linkMissingWithKeypad {
                    fake.nodes.removeAll()
                    try FileManager.default.removeItem(atPath: fake.directory.join(self == .noKeypadAtAll ? "dev/input/by-id" : "dev/input"))
                }
            case .framebufferNotADevice:
                try fake.installEverything()
                try FileManager.default.removeItem(atPath: fake.directory.join("dev/fb0"))
                try fake.write("", at: "/dev/fb0")
            case .contactsUnderHome:
                try fake.installEverything(config: "contacts = [\"/home/ann/contacts.vcf\"]\n")
                try fake.write(TestFiles.card(uid: "1", name: "Ann Lee"), at: "/home/ann/contacts.vcf")
            case .badConfig:
                try fake.installEverything(config: "contacts = [\"/etc/t9dial/contacts.vcf\"]\n[screen]\nframebuffer = \"fb0\"\n")
            case .contactsInTmp:
                try fake.installEverything(config: "contacts = [\"/tmp/contacts.vcf\"]\n")
                try fake.write(TestFiles.card(uid: "1", name: "Ann Lee"), at: "/tmp/contacts.vcf")
            case .contactsNotReadable:
                try fake.installEverything()
                chmod(fake.directory.join("etc/t9dial/contacts.vcf"), 0o600)
            case .carddavPasswordWithoutCredential, .carddavPasswordWithCredential, .carddavWithoutLibcurl:
                try fake.installEverything(
                    config: "contacts = [\"/etc/t9dial/contacts.vcf\"]\n[carddav]\nurl = \"https://dav.example.org/ann/\"\n"
                        + "user = \"ann\"\npassword_file = \"/etc/t9dial/carddav-password\"\n")
                try fake.write("secret\n", at: "/etc/t9dial/carddav-password")
                chmod(fake.directory.join("etc/t9dial/carddav-password"), 0o600)
                if self == .carddavWithoutLibcurl {
                    fake.syncLibraryProblem = "cannot sync: libcurl (libcurl.so.4) cannot be loaded: no such file"
                }
                if self != .carddavPasswordWithoutCredential {
                    try fake.write(
                        "[Service]\nLoadCredential=carddav-password:/etc/t9dial/carddav-password\n",
                        at: "/etc/systemd/system/t9dial.service.d/carddav.conf")
                }
            case .baresipOnLoopback, .baresipOnEveryAddress, .baresipNotRunning, .baresipNotRegistered, .baresipNoSuchSoundDevice,
                .baresipNoSoundCard, .baresipSoundModuleNotLoaded, .baresipNullSound, .baresipNoConfig:
                try fake.installEverything(config: "contacts = [\"/etc/t9dial/contacts.vcf\"]\n[dial]\nmethod = \"baresip\"\n")
                // The shipped config (alsa,default), and one sound card.
                var baresip = try String(contentsOfFile: TestFiles.dataDirectory + "/baresip/config", encoding: .utf8)
                var cards = " 0 [PCH            ]: HDA-Intel - HDA Intel PCH\n                      HDA Intel PCH at 0xf7f10000 irq 32\n"
                switch self {
                case .baresipNoSuchSoundDevice:
                    baresip = baresip.replacingOccurrences(of: "audio_player\t\talsa,default", with: "audio_player alsa,t9dial-no-such")
                case .baresipNoSoundCard: cards = "--- no soundcards ---\n"
                case .baresipSoundModuleNotLoaded: baresip = baresip.replacingOccurrences(of: "audio_source\t\talsa,default", with: "audio_source ausine,")
                case .baresipNullSound:
                    cards = "--- no soundcards ---\n"
                    try fake.write("pcm.!default { type plug; slave.pcm \"null\" }\n", at: "/etc/asound.conf")
                default: break
                }
                if self != .baresipNoConfig { try fake.write(baresip, at: "/var/lib/baresip/config") }
                try fake.write(cards, at: "/proc/asound/cards")
                // As the kernel writes them: sshd on 0.0.0.0:22, and ctrl_tcp on 4444 (0x115C).
                let header = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n"
                let ssh = "   0: 00000000:0016 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1 0 100 0 0 10 0\n"
                let control =
                    switch self {
                    case .baresipOnLoopback, .baresipNotRegistered, .baresipNoSuchSoundDevice, .baresipNoSoundCard, .baresipSoundModuleNotLoaded,
                        .baresipNullSound, .baresipNoConfig:
                        "   1: 0100007F:115C 00000000:0000 0A 00000000:00000000 00:00000000 00000000   107        0 2 1 0 100 0 0 10 0\n"
                    case .baresipOnEveryAddress:
                        "   1: 00000000:115C 00000000:0000 0A 00000000:00000000 00:00000000 00000000   107        0 2 1 0 100 0 0 10 0\n"
                    // A connection to port 4444 (state 01) is no listener.
                    default: "   1: 0100007F:C350 0100007F:115C 01 00000000:00000000 00:00000000 00000000   107        0 2 1 0 100 0 0 10 0\n"
                    }
                try fake.write(header + ssh + control, at: "/proc/net/tcp")
                try fake.write(header, at: "/proc/net/tcp6")
                if self == .baresipNotRegistered {
                    fake.service = ServiceState(active: "active", status: "21 contacts, reading /dev/input/event3; SIP not registered: 403 Forbidden")
                }
            case .modemWithoutDropIn, .modemWithDropIn, .modemWithModemManager, .modemWithModemManagerKeptOff:
                try fake.installEverything(config: "contacts = [\"/etc/t9dial/contacts.vcf\"]\n[dial]\nmethod = \"modem\"\ndevice = \"/dev/ttyUSB2\"\n")
                try fake.write("", at: "/dev/ttyUSB2")
                if self == .modemWithModemManager || self == .modemWithModemManagerKeptOff {
                    try fake.write("", at: "/etc/systemd/system/multi-user.target.wants/ModemManager.service")
                }
                if self == .modemWithModemManagerKeptOff {
                    try fake.write(
                        "ACTION==\"add|change\", SUBSYSTEM==\"tty\", KERNEL==\"ttyUSB2\", ENV{ID_MM_PORT_IGNORE}=\"1\"\n",
                        at: "/etc/udev/rules.d/77-t9dial-modem.rules")
                }
                if self != .modemWithoutDropIn {
                    try fake.write("[Service]\nSupplementaryGroups=dialout\n", at: "/etc/systemd/system/t9dial.service.d/override.conf")
                }
            }
            return fake
        }

        /// The checks that are not ok, by subject: their status and a phrase of their line.
        var expected: [String: (DoctorCheck.Status, String)] {
            switch self {
            case .allGood: [:]
            case .ruleMissing:
                ["udev rule": (.problem, "70-t9dial.rules is in none of /etc/udev/rules.d, /run/udev/rules.d")]
            case .unitProgramMissing:
                ["systemd unit": (.problem, "/usr/lib/systemd/system/t9dial.service starts /usr/local/bin/t9dial, which is missing")]
            case .groupMissing:
                [
                    "group t9dial": (.problem, "missing; fix: reinstall t9dial (sudo make install in its source folder), which makes it"),
                    "keypad": (.problem, "so the service cannot read it (the group must be t9dial)"),
                ]
            case .linkMissingWithKeypad:
                [
                    "keypad": (
                        .problem,
                        #"this device qualifies: /dev/input/event2 "USB Numpad" (USB 05a4:9759); fix: t9dial udev-rule --device /dev/input/by-id/usb-05a4_USB_Numpad-event-kbd | sudo tee /etc/udev/rules.d/69-t9dial-local.rules"#
                    )
                ]
            case .noKeypadAtAll:
                ["keypad": (.problem, "no input device qualifies as a keypad (0 devices in /dev/input); check the keypad's wiring and its overlay")]
            case .noInputDirectory:
                ["keypad": (.problem, "no input devices at all: /dev/input does not exist")]
            case .framebufferNotADevice:
                ["framebuffer": (.problem, "/dev/fb0 is not a framebuffer device")]
            case .contactsUnderHome:
                [
                    "contacts": (
                        .warning,
                        "/home/ann/contacts.vcf is in a home folder, which the service cannot see (ProtectHome=yes); fix: sudo install -m 644 /home/ann/contacts.vcf /etc/t9dial/contacts.vcf"
                    )
                ]
            case .badConfig:
                [
                    "config": (.problem, #"/etc/t9dial/t9dial.toml:3: "framebuffer" in [screen] must be the absolute path"#),
                    "framebuffer": (.warning, "not checked"), "contacts": (.warning, "not checked"), "dial": (.warning, "not checked"),
                ]
            case .modemWithoutDropIn:
                [
                    "dial": (
                        .warning,
                        "the service needs group dialout to use it, and no drop-in of t9dial.service gives it; fix: sudo systemctl edit t9dial.service"
                    )
                ]
            case .modemWithModemManager:
                [
                    "dial": (
                        .warning,
                        #"ModemManager is enabled here and takes modem ports it finds, this one too: its commands and t9dial's would mix; fix: tell it to leave the port alone: echo 'ACTION=="add|change", SUBSYSTEM=="tty", KERNEL=="ttyUSB2", ENV{ID_MM_PORT_IGNORE}="1"'"#
                    )
                ]
            case .modemWithDropIn, .modemWithModemManagerKeptOff, .carddavPasswordWithCredential, .baresipOnLoopback, .baresipNullSound: [:]
            case .baresipNoSuchSoundDevice:
                [
                    "sound": (
                        .problem,
                        "/var/lib/baresip/config: audio_player alsa,t9dial-no-such: ALSA has no device t9dial-no-such (looked in alsa-lib's own); baresip ends every call it answers; fix: aplay -l"
                    )
                ]
            case .baresipNoSoundCard:
                ["sound": (.problem, "audio_player alsa,default: there is no sound card (/proc/asound/cards lists none)")]
            case .baresipSoundModuleNotLoaded:
                ["sound": (.problem, "audio_source ausine,, but the config loads no module ausine.so: calls get no sound")]
            case .baresipNoConfig:
                ["sound": (.warning, "baresip's config is not in /var/lib/baresip/config: its sound devices are not checked")]
            case .baresipOnEveryAddress:
                [
                    "dial": (
                        .problem,
                        "baresip's ctrl_tcp listens on every address (0.0.0.0:4444): anyone on the network can dial; fix: set ctrl_tcp_listen 127.0.0.1:4444"
                    )
                ]
            case .baresipNotRegistered:
                ["dial": (.problem, "but the service says: SIP not registered: 403 Forbidden; fix: check the account in baresip's accounts file")]
            case .baresipNotRunning:
                ["dial": (.problem, "nothing listens on port 4444: baresip is not running")]
            case .serviceFailed:
                ["service": (.problem, "failed; its last error: no contacts to search; fix: journalctl -u t9dial.service says why")]
            case .serviceInactive:
                ["service": (.warning, "inactive: it starts when the keypad is plugged in; fix: plug the keypad in, or sudo systemctl start t9dial.service")]
            case .noSystemd:
                ["service": (.warning, "not checked: systemd does not run here")]
            case .contactsInTmp:
                ["contacts": (.warning, "/tmp/contacts.vcf is in a temporary folder, which the service sees empty (PrivateTmp=yes)")]
            case .contactsNotReadable:
                [
                    "contacts": (
                        .problem,
                        "/etc/t9dial/contacts.vcf is not readable by others, so the service's own user cannot read it; fix: sudo chmod o+r /etc/t9dial/contacts.vcf"
                    )
                ]
            case .carddavWithoutLibcurl:
                [
                    "contacts": (
                        .problem,
                        "[carddav] is set, but cannot sync: libcurl (libcurl.so.4) cannot be loaded: no such file; fix: sudo apt install libcurl4, or remove [carddav] from /etc/t9dial/t9dial.toml"
                    )
                ]
            case .carddavPasswordWithoutCredential:
                [
                    "contacts": (
                        .warning,
                        "no drop-in of t9dial.service gives it to the service; fix: sudo systemctl edit t9dial.service, and add [Service] and LoadCredential=carddav-password:/etc/t9dial/carddav-password"
                    )
                ]
            }
        }
    }

    @Test("Each fake system gives each check its status and message", arguments: Scenario.allCases)
    func scenario(_ scenario: Scenario) throws {
        let fake = try scenario.make()
        let report = fake.doctor.examine()
        let sound = scenario.isBaresip ? ["sound"] : []
        // A method that follows calls has a ringer line and a mixer line (DoctorSoundTests and
        // DoctorMixerTests have their cases).
        let ringer = scenario.isBaresip || scenario.rawValue.hasPrefix("modem") ? ["ringer", "mixer"] : []
        #expect(
            report.checks.map(\.subject)
                == ["udev rule", "systemd unit", "group t9dial", "keypad", "framebuffer", "config", "contacts", "dial"] + sound + ringer
                + ["service"])
        for check in report.checks {
            if check.subject == "ringer" {
                // No [sound] ringer here: baresip rings by itself (audio_alert), a modem not at all.
                #expect(check.status == (scenario.isBaresip ? .ok : .warning), "\(check)")
            } else if let (status, phrase) = scenario.expected[check.subject] {
                #expect(check.status == status, "\(check)")
                #expect(check.description.contains(phrase), "\(check)")
            } else {
                #expect(check.status == .ok, "\(check)")
            }
        }
        #expect(report.hasProblem == scenario.expected.values.contains { $0.0 == .problem })
    }

    @Test("The ok lines of a system with everything in place say what was found")
    func allGoodLines() throws {
        let fake = try FakeSystem()
        try fake.installEverything()
        try fake.write("# mine\n", at: "/etc/udev/rules.d/69-t9dial-local.rules")
        let lines = fake.doctor.examine().text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let group = try FileManager.default.attributesOfItem(atPath: fake.directory.path)[.groupOwnerAccountName] as? String ?? ""
        #expect(lines.count == 11)
        #expect(lines[0] == "ok       udev rule: /etc/udev/rules.d/70-t9dial.rules; yours: /etc/udev/rules.d/69-t9dial-local.rules")
        #expect(lines[1] == "ok       systemd unit: /usr/lib/systemd/system/t9dial.service, starting /usr/local/bin/t9dial")
        #expect(lines[2] == "ok       group t9dial: gid \(fake.groupID)")
        #expect(
            lines[3]
                == #"ok       keypad: /dev/input/t9dial-keypad -> /dev/input/event2 "USB Numpad" (USB 05a4:9759), group \#(group), mode 0660, readable by you"#)
        #expect(lines[4].hasPrefix("ok       framebuffer: /dev/fb0, group "))
        #expect(lines[5] == "ok       config: /etc/t9dial/t9dial.toml")
        #expect(lines[6] == "ok       contacts: 2 contacts in 1 file (/etc/t9dial/contacts.vcf)")
        #expect(lines[7] == "ok       dial: method print, no modem to check")
        #expect(lines[8] == "ok       service: running: 2 contacts, reading /dev/input/event2")
        #expect(lines[10] == "9 checks: 9 ok, 0 warnings, 0 problems.")
    }

    @Test("A unit's program is its last ExecStart=, without systemd's prefixes")
    func execStart() {
        #expect(Doctor.execStartProgram("[Service]\nExecStart=/usr/local/bin/t9dial run\n") == "/usr/local/bin/t9dial")
        #expect(Doctor.execStartProgram("ExecStart=/a\n  ExecStart=-@/opt/t9dial x\n") == "/opt/t9dial")
        #expect(Doctor.execStartProgram("[Service]\nType=exec\n") == nil)
    }

    @Test("Run as root, the keypad line says the service reads it through group t9dial")
    func asRoot() throws {
        let fake = try FakeSystem()
        try fake.installEverything()
        var doctor = fake.doctor
        doctor.system.runsAsRoot = true
        let keypad = try #require(doctor.examine().checks.first { $0.subject == "keypad" })
        #expect(keypad.status == .ok)
        #expect(keypad.finding.hasSuffix("; you are root, and the service reads it through group t9dial"))
    }

    /// (a /proc/net/tcp6 line's local address, every address?, loopback?): ::1, ::, and
    /// ::ffff:127.0.0.1 (IPv4 loopback on an IPv6 socket).
    static let ipv6Listeners: [(String, Bool, Bool)] = [
        ("00000000000000000000000001000000:115C", false, true),
        ("00000000000000000000000000000000:115C", true, false),
        ("0000000000000000FFFF00000100007F:115C", false, true),
        ("B80D0120000000000000000001000000:115C", false, false),
    ]

    @Test("IPv6 listeners are read as the kernel writes them", arguments: 0..<ipv6Listeners.count)
    func ipv6Listener(row: Int) {
        let (local, any, loopback) = Self.ipv6Listeners[row]
        let table = "  sl  local_address remote_address st\n   0: \(local) 00000000000000000000000000000000:0000 0A 0\n"
        let sockets = TCPSocketEntry.parse(table)
        #expect(sockets.map(\.port) == [4444])
        #expect(sockets.first?.isAnyAddress == any)
        #expect(sockets.first?.isLoopback == loopback)
    }
}
