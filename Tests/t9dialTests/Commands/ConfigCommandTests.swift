// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@Suite("t9dial config check and config show")
struct ConfigCommandTests {
    /// Writes config `text` in a temporary folder and runs `t9dial config SUBCOMMAND --config
    /// FILE` (with the source tree's data folder); `body` gets the output and the file.
    private func run<T>(_ subcommand: String, _ text: String, _ body: (T9DialProcess.Output, String) throws -> T) throws -> T {
        try T9DialProcess.withTemporaryDirectory { folder in
            let file = try T9DialProcess.write(text, to: folder + "/t9dial.toml")
            return try body(try T9DialProcess.run(["config", subcommand], config: file), file)
        }
    }

    static let sample = T9DialProcess.repositoryRoot + "/" + T9DialProcess.sampleContacts

    @Test("A mistyped keymap and a missing font: each named at its file and line, exit 1")
    func keymapAndFont() throws {
        let text = "contacts = [\"\(Self.sample)\"]\n\n[keypad]\nkeymap = \"usb-nmpad\"\n\n[screen]\nfont = \"Nonexistent16\"\n"
        try run("check", text) { output, file in
            #expect(output.status == 1, "\(output.stderr)")
            let lines = output.lines
            #expect(lines.count == 3, "\(output.stdout)")
            #expect(lines[0].hasPrefix("\(file):4: keypad.keymap: unknown keymap \"usb-nmpad\" (did you mean \"usb-numpad\"?)"))
            #expect(lines[1].hasPrefix("\(file):7: screen.font: no console font \"Nonexistent16\""))
            #expect(lines[2] == "\(file): 2 problems, 0 warnings")
        }
    }

    @Test(
        "Every problem is reported, not just the first",
        arguments: [
            ("[search]\nlimit = 0\n[keypad]\nmode = \"tap\"\n[dial]\nmethod = \"pigeon\"\n", [2, 4, 6]),
            ("colour = 1\nshade = 2\ncontacts = [\"/no/such/book.vcf\"]\n", [1, 2, 3]),
            ("[keypad]\nmode = \"tap\"\nkeymap = \"usb-nmpad\"\n[screen]\nrotation = 45\nfont = \"Nonexistent16\"\n", [2, 3, 5, 6]),
        ] as [(String, [Int])]
    )
    func everyProblem(text: String, lines: [Int]) throws {
        try run("check", text) { output, file in
            #expect(output.status == 1)
            let found = output.lines.dropLast().compactMap { line in
                line.hasPrefix(file + ":") ? Int(line.dropFirst(file.count + 1).prefix { $0.isNumber }) : nil
            }
            #expect(found == lines, "\(output.stdout)")
        }
    }

    @Test("A good config with the sample contacts: ok, exit 0")
    func goodConfig() throws {
        try run("check", "contacts = [\"\(Self.sample)\"]\n[keypad]\nkeymap = \"usb-numpad\"\n") { output, file in
            #expect(output.status == 0, "\(output.stdout)")
            #expect(output.lines == ["\(file): ok"])
        }
    }

    @Test("Warnings are printed and keep exit 0")
    func warningsOnly() throws {
        try run("check", "") { output, file in
            #expect(output.status == 0)
            #expect(output.lines.first?.hasPrefix("\(file):") == true)
            #expect(output.lines.first?.contains(": warning: contacts: no contacts are named") == true, "\(output.stdout)")
            #expect(output.lines.last == "\(file): 0 problems, 1 warning")
        }
    }

    @Test("The config as FILE and with --config is a usage error, exit 64")
    func fileTwice() throws {
        let output = try T9DialProcess.run(["config", "check", "other.toml"])
        #expect(output.status == 64)
        #expect(output.stderr.contains("not both"))
    }

    @Test("config show prints TOML the config reader takes back to the same settings")
    func showRoundTrip() throws {
        let text = "contacts = [\"\(Self.sample)\"]\n[keypad]\nmode = \"multitap\"\n[dial]\nmethod = \"exec\"\ncommand = [\"echo\", \"{number}\"]\n"
        try run("show", text) { output, file in
            #expect(output.status == 0, "\(output.stderr)")
            #expect(output.lines.contains("mode = \"multitap\"  # \(file):3"))
            #expect(output.lines.contains("keymap = \"auto\"  # default"))
            try T9DialProcess.withTemporaryDirectory { folder in
                // The shown text as a config: show again gives the same values.
                let shown = try T9DialProcess.write(output.stdout, to: folder + "/shown.toml")
                let again = try T9DialProcess.run(["config", "show"], config: shown)
                #expect(again.status == 0, "\(again.stderr)")
                func values(_ lines: [String]) -> [String] {
                    lines.filter { !$0.hasPrefix("#") }.map { $0.components(separatedBy: "  # ")[0] }
                }
                #expect(values(again.lines) == values(output.lines))
                let check = try T9DialProcess.run(["config", "check"], config: shown)
                #expect(check.status == 0, "\(check.stdout)")
            }
        }
    }

    @Test("config show of a config that does not load: every problem on standard error, exit 1")
    func showBadConfig() throws {
        try run("show", "[search]\nlimit = 0\n[keypad]\nmode = \"tap\"\n") { output, file in
            #expect(output.status == 1)
            #expect(output.stdout.isEmpty)
            #expect(output.stderr.contains("\(file):2: "))
            #expect(output.stderr.contains("\(file):4: "))
        }
    }

    @Test(
        "run and try name the config's file and line of a keymap that is not installed, and of a font that does not load",
        arguments: [["try"], ["run", "--replay", "Config/samples/demo-session.evemu"]]
    )
    func startChecks(command: [String]) throws {
        try T9DialProcess.withTemporaryDirectory { folder in
            let keymap = try T9DialProcess.write("[keypad]\nkeymap = \"usb-nmpad\"\n", to: folder + "/keymap.toml")
            let failed = try T9DialProcess.run(command + ["--contacts", T9DialProcess.sampleContacts], stdin: "5", config: keymap)
            #expect(failed.status == 1)
            #expect(failed.stderr.contains(#"\#(keymap):2: "keymap" in [keypad]: unknown keymap "usb-nmpad" (did you mean "usb-numpad"?)"#), "\(failed.stderr)")

            let font = try T9DialProcess.write("\n[screen]\nfont = \"Nonexistent16\"\n", to: folder + "/font.toml")
            let warned = try T9DialProcess.run(command + ["--contacts", T9DialProcess.sampleContacts], stdin: "5", config: font)
            // Nothing is drawn, so the run goes on, but the font is named at its line.
            #expect(warned.status == 0)
            #expect(warned.stderr.contains(#"\#(font):3: "font" in [screen]: no console font "Nonexistent16""#), "\(warned.stderr)")
        }
    }
}
