// SPDX-License-Identifier: Apache-2.0

import Diagnostics
import DialerConfig
import DialerKit
import Foundation
import TestFixtures
import Testing

@Suite("ConfigCheck: a config and everything it names")
struct ConfigCheckTests {
    /// Checks config `text`, written to a temporary folder, against the source tree's data.
    private func check(_ text: String, files: [String: String] = [:], environment: [String: String] = [:]) throws -> (
        report: ConfigCheckReport, folder: String
    ) {
        try TestFiles.withTemporaryDirectory { folder in
            for (name, content) in files { try TestFiles.write(content, to: folder + "/" + name) }
            let file = try TestFiles.write(text, to: folder + "/t9dial.toml")
            let report = ConfigCheck(file: file, readers: .dialerKit, dataDirectory: TestFiles.dataDirectory, environment: environment).run()
            return (report, folder)
        }
    }

    @Test("A mistyped keymap and a missing font are both found, at their lines, with the closest keymap")
    func keymapAndFont() throws {
        let text = "contacts = [\"\(TestFiles.sampleContacts)\"]\n[keypad]\nkeymap = \"usb-nmpad\"\n[screen]\nfont = \"Nonexistent16\"\n"
        let (report, folder) = try check(text)
        #expect(report.hasProblem)
        #expect(report.problems.map(\.error.line) == [3, 5])
        #expect(report.problems.map(\.error.key) == ["keypad.keymap", "screen.font"])
        let keymap = try #require(report.problems.first).description
        #expect(keymap.hasPrefix(folder + "/t9dial.toml:3: keypad.keymap: unknown keymap \"usb-nmpad\" (did you mean \"usb-numpad\"?)"))
        #expect(report.problems[1].description.hasPrefix(folder + "/t9dial.toml:5: screen.font: no console font \"Nonexistent16\""))
        #expect(report.summary == folder + "/t9dial.toml: 2 problems, 0 warnings")
    }

    @Test("The sample config with the sample contacts has nothing to fix")
    func goodConfig() throws {
        let (report, _) = try check("contacts = [\"\(TestFiles.sampleContacts)\"]\n[keypad]\nkeymap = \"usb-numpad\"\n")
        #expect(report.findings.isEmpty, "\(report.text)")
        #expect(!report.hasProblem)
    }

    @Test(
        "Each kind of mistake is a problem at its key",
        arguments: [
            ("contacts = [\"missing.vcf\"]\n", "contacts"),
            ("[search]\nlayouts = [\"latn\"]\n", "search.layouts"),
            ("[dial]\nmethod = \"exec\"\ncommand = [\"no-such-program-t9dial\", \"{number}\"]\n", "dial.command"),
            ("[dial]\nmethod = \"exec\"\ncommand = [\"/no/such/program\", \"{number}\"]\n", "dial.command"),
            ("[dial]\nmethod = \"exec\"\ncommand = [\"true\", \"{number}\"]\nhangup_command = [\"/no/such/hangup\"]\n", "dial.hangup_command"),
            ("[dial]\nmethod = \"modem\"\ndevice = \"/dev/no-such-ttyUSB9\"\n", "dial.device"),
            ("[carddav]\nurl = \"https://dav.example.org/ann/\"\nuser = \"ann\"\npassword_file = \"no-such-password\"\n", "carddav.password_file"),
            ("[carddav]\nurl = \"https://\"\nuser = \"ann\"\npassword_file = \"password\"\n", "carddav.url"),
            ("[keypad]\nmode = \"tap\"\n", "keypad.mode"),
        ]
    )
    func problems(text: String, key: String) throws {
        let (report, _) = try check(text, files: ["password": "secret\n"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(report.problems.map(\.error.key).contains(key), "\(report.text)")
    }

    @Test(
        "What does not stop t9dial is a warning",
        arguments: [
            ("", "contacts"),
            ("contacts = [\"book.vcf\"]\n[keypad]\ndevice = \"/dev/input/no-such-keypad\"\n", "keypad.device"),
            ("contacts = [\"book.vcf\"]\n[screen]\nframebuffer = \"/dev/no-such-fb9\"\n", "screen.framebuffer"),
        ]
    )
    func warnings(text: String, key: String) throws {
        let book = try String(contentsOfFile: TestFiles.sampleContacts, encoding: .utf8)
        let (report, _) = try check(text, files: ["book.vcf": book])
        #expect(!report.hasProblem, "\(report.text)")
        #expect(report.warnings.map(\.error.key) == [key])
        #expect(report.warnings[0].description.contains(": warning: \(key): "))
    }

    @Test("A password file others can read is a warning")
    func openPasswordFile() throws {
        try TestFiles.withTemporaryDirectory { folder in
            let password = try TestFiles.write("secret\n", to: folder + "/password")
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: password)
            let text = "[carddav]\nurl = \"https://dav.example.org/ann/\"\nuser = \"ann\"\npassword_file = \"password\"\n"
            let file = try TestFiles.write(text, to: folder + "/t9dial.toml")
            let report = ConfigCheck(file: file, readers: .dialerKit, dataDirectory: TestFiles.dataDirectory).run()
            #expect(report.warnings.map(\.error.key) == ["carddav.password_file"], "\(report.text)")
            #expect(report.warnings.first?.error.message.contains("chmod 600") == true)
        }
    }

    @Test("Every table's mistake is reported, in the order of the file")
    func everyProblem() throws {
        let text = "[search]\nlimit = 0\n[keypad]\nkeymap = \"top-rw\"\n[screen]\nrotation = 45\n"
        let (report, _) = try check(text)
        #expect(report.problems.map(\.error.line) == [2, 4, 6])
    }

    @Test("The runs' keymap error names the config's line and key")
    func keymapProblemForRuns() throws {
        let configuration = try DialerConfiguration.parse(text: "[keypad]\nkeymap = \"usb-nmpad\"\n", file: "t9dial.toml")
        let keymaps = try KeymapCatalog.load(dataDirectory: TestFiles.dataDirectory)
        let problem = try #require(ConfigCheck.keymapProblem(configuration, keymaps: keymaps))
        #expect(problem.error.description.hasPrefix(#"t9dial.toml:2: "keymap" in [keypad]: unknown keymap "usb-nmpad" (did you mean "usb-numpad"?)"#))
        #expect(ConfigCheck.keymapProblem(DialerConfiguration(), keymaps: keymaps) == nil)
    }
}

@Suite("ConfigCheck: [sound]")
struct ConfigCheckSoundTests {
    /// What the player's opening says, for a test: every output fails, saying which.
    static let failing = RunReaders(
        fontProblem: RunReaders.dialerKit.fontProblem,
        soundProblem: { output in "it is busy (\(output)); close what has it" })

    /// The findings about `[sound]` of a config naming the sample contacts, and `text`.
    func check(_ text: String, readers: RunReaders = .dialerKit) throws -> [ConfigFinding] {
        try TestFiles.withTemporaryDirectory { folder in
            let file = try TestFiles.write("contacts = [\"\(TestFiles.sampleContacts)\"]\n" + text, to: folder + "/t9dial.toml")
            let report = ConfigCheck(file: file, readers: readers, dataDirectory: TestFiles.dataDirectory, environment: [:]).run()
            #expect(report.findings.allSatisfy { $0.error.key?.hasPrefix("sound.") == true }, "\(report.text)")
            return report.findings
        }
    }

    @Test(
        "Each output that is not there, or does not open, is a warning at its line",
        arguments: [
            ("[sound]\nringtone = \"/nonexistent/ring.wav\"\n", "sound.ringtone", "does not exist or cannot be read; the ring is made of tones"),
            ("[sound]\nbeeper = \"/dev/input/t9dial-no-such-beeper\"\n", "sound.beeper", "does not exist; a beeper is an input device that takes EV_SND"),
            ("[sound]\nleds = [\"t9dial-no-such-led\"]\n", "sound.leds", "no LED t9dial-no-such-led (/sys/class/leds/t9dial-no-such-led does not exist)"),
            ("[sound]\ndevice = \"t9dial-no-such-pcm\"\n", "sound.device", "ALSA device t9dial-no-such-pcm does not open now: "),
        ])
    func missingOutput(text: String, key: String, message: String) throws {
        let findings = try check(text)
        let finding = try #require(findings.first, "\(findings)")
        #expect(findings.count == 1)
        #expect(finding.severity == .warning)
        #expect(finding.error.key == key && finding.error.line == 3)
        #expect(finding.error.message.contains(message), "\(finding)")
    }

    @Test("An output that is there but does not open says why, as the player would")
    func outputThatDoesNotOpen() throws {
        let findings = try check("[sound]\ndevice = \"default\"\nbeeper = \"/dev/null\"\n", readers: Self.failing)
        #expect(findings.map(\.error.key) == ["sound.device", "sound.beeper"])
        #expect(
            findings.map(\.error.message) == [
                "ALSA device default does not open now: it is busy (alsa(\"default\")); close what has it",
                "/dev/null does not open as a beeper: it is busy (beeper(\"/dev/null\")); close what has it",
            ])
    }

    @Test("No [sound] outputs: nothing is opened, nothing found")
    func nothingConfigured() throws {
        #expect(try check("", readers: Self.failing).isEmpty)
    }
}
