// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@Suite("t9dial doctor")
struct DoctorCommandTests {
    @Test("On a fake system with no input devices: a line a check, the keypad a problem, exit 1")
    func fakeSystem() throws {
        try T9DialProcess.withTemporaryDirectory { root in
            for folder in ["etc/udev/rules.d", "usr/lib/systemd/system", "usr/local/bin", "etc/t9dial"] {
                try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            }
            try T9DialProcess.write("# t9dial\n", to: root + "/etc/udev/rules.d/70-t9dial.rules")
            try T9DialProcess.write("[Service]\nExecStart=/usr/local/bin/t9dial run\n", to: root + "/usr/lib/systemd/system/t9dial.service")
            try T9DialProcess.write("#!/bin/sh\n", to: root + "/usr/local/bin/t9dial")
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root + "/usr/local/bin/t9dial")
            try T9DialProcess.write("contacts = [\"/home/ann/contacts.vcf\"]\n", to: root + "/etc/t9dial/t9dial.toml")
            try FileManager.default.createDirectory(atPath: root + "/home/ann", withIntermediateDirectories: true)
            let sample = try String(contentsOfFile: T9DialProcess.repositoryRoot + "/" + T9DialProcess.sampleContacts, encoding: .utf8)
            try T9DialProcess.write(sample, to: root + "/home/ann/contacts.vcf")

            // --config is a path on the checked system, inside --root.
            let output = try T9DialProcess.run(["doctor", "--root", root], config: "/etc/t9dial/t9dial.toml")
            #expect(output.status == 1)
            let lines = output.lines
            #expect(lines.count == 11, "\(output.stdout)")
            #expect(lines[0] == "ok       udev rule: /etc/udev/rules.d/70-t9dial.rules")
            #expect(lines[1] == "ok       systemd unit: /usr/lib/systemd/system/t9dial.service, starting /usr/local/bin/t9dial")
            #expect(lines[2].hasPrefix("ok       group t9dial: gid ") || lines[2].hasPrefix("PROBLEM  group t9dial: missing; fix: "))
            #expect(lines[3].hasPrefix("PROBLEM  keypad: no /dev/input/t9dial-keypad, and no input devices at all: /dev/input does not exist"))
            #expect(lines[4] == "ok       framebuffer: none set, and none found")
            #expect(lines[5] == "ok       config: /etc/t9dial/t9dial.toml")
            #expect(lines[6].hasPrefix("warning  contacts: "))
            #expect(lines[6].contains("/home/ann/contacts.vcf is in a home folder, which the service cannot see (ProtectHome=yes)"))
            #expect(lines[7] == "ok       dial: method print, no modem to check")
            // A system in a folder is not this machine: systemd's word on it cannot be had.
            #expect(lines[8] == "warning  service: not checked: systemd does not run here")
            #expect(lines[9] == "")
            #expect(lines[10].hasPrefix("9 checks: ") && lines[10].hasSuffix("; fix the problems, then run t9dial doctor again."))
        }
    }

    @Test("A config error is a problem line naming the file and line")
    func badConfig() throws {
        try T9DialProcess.withTemporaryDirectory { root in
            try FileManager.default.createDirectory(atPath: root + "/etc/t9dial", withIntermediateDirectories: true)
            try T9DialProcess.write("[search]\nlimit = 0\n", to: root + "/etc/t9dial/t9dial.toml")
            let output = try T9DialProcess.run(["doctor", "--root", root], config: "/etc/t9dial/t9dial.toml")
            #expect(output.status == 1)
            #expect(output.lines.contains { $0.hasPrefix("PROBLEM  config: /etc/t9dial/t9dial.toml:2: \"limit\" in [search]") })
        }
    }
}
