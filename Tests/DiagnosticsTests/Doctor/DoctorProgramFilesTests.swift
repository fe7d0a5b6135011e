// SPDX-License-Identifier: Apache-2.0

@testable import Diagnostics
import Foundation
import TestFixtures
import Testing

@Suite("t9dial doctor: the config line and the files its fixes name")
struct DoctorProgramFilesTests {
    @Test(
        "Fixes name the source tree's files from a build tree, the installed ones otherwise",
        arguments: [
            (TestFiles.dataDirectory, true, "Config/t9dial.toml documents every key", "sudo make install in its source folder"),
            ("/usr/share/t9dial", false, "man t9dial.toml documents every key, and /usr/share/t9dial/t9dial.toml", "sudo apt install --reinstall t9dial"),
            ("/usr/local/share/t9dial", false, "man t9dial.toml documents every key", "sudo make install in its source folder"),
        ]
    )
    func programFiles(dataDirectory: String, isSourceTree: Bool, reference: String, reinstall: String) {
        let files = ProgramFiles(dataDirectory: dataDirectory)
        #expect(files.isSourceTree == isSourceTree)
        #expect(files.configReference.hasPrefix(reference))
        #expect(files.reinstall == reinstall)
        #expect(files.overlaysGuide == (isSourceTree ? "Config/overlays/README.md" : dataDirectory + "/overlays/README.md"))
    }

    @Test(
        "The config line has the config check's problems at the config's line, the keymap's closest name among them",
        arguments: [
            ("[keypad]\nkeymap = \"usb-nmpad\"\n", #"/etc/t9dial/t9dial.toml:3: keypad.keymap: unknown keymap "usb-nmpad" (did you mean "usb-numpad"?)"#),
            ("[screen]\nfont = \"Nonexistent16\"\n", #"/etc/t9dial/t9dial.toml:3: screen.font: no console font "Nonexistent16""#),
        ]
    )
    func configLine(config: String, phrase: String) throws {
        let fake = try FakeSystem()
        try fake.installEverything(config: "contacts = [\"/etc/t9dial/contacts.vcf\"]\n" + config)
        let check = try #require(fake.doctor.examine().checks.first { $0.subject == "config" })
        #expect(check.status == .problem)
        #expect(check.finding.hasPrefix(phrase), "\(check)")
        #expect(check.fix?.hasPrefix("correct it; Config/t9dial.toml documents every key") == true)
    }
}
