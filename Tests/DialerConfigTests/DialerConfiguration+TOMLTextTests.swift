// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import Foundation
import TOML
import Telephony
import Testing

@Suite("DialerConfiguration.tomlText: the settings written back as TOML")
struct DialerConfigurationTOMLTextTests {
    /// Configs that each set different keys, from none to all of a table.
    static let configs: [(name: String, text: String)] = [
        ("empty", ""),
        ("contacts and search", "contacts = [\"/srv/book.vcf\", \"people\"]\n[search]\nregion = \"gb\"\nlimit = 7\nlayouts = [\"latin\", \"greek\"]\n"),
        (
            "keypad and screen",
            "[keypad]\nkeymap = \"usb-numpad\"\ndevice = \"/dev/input/event3\"\ngrab = false\nmode = \"multitap\"\n[screen]\nfont = \"Uni2-Terminus16\"\nrotation = 90\nframebuffer = \"/dev/fb1\"\n"
        ),
        ("exec dial", "[dial]\nmethod = \"exec\"\ncommand = [\"/usr/bin/echo\", \"call \\\"{number}\\\"\"]\nhangup_command = [\"true\"]\ntimeout_s = 9\n"),
        (
            "history and carddav",
            "[history]\nfavourite_category = \"\"\nfavourites = [\"Mum\"]\nkeep_calls = 500\n[carddav]\nurl = \"https://dav.example.org/ann/\"\nuser = \"ann\"\npassword_file = \"secret\"\ninterval_min = 60\n"
        ),
        (
            "sound with a cadence written",
            "[sound]\ndevice = \"plughw:1,0\"\nringtone = \"ring.wav\"\nring = [400, 200, 400, 2000]\nring_volume = 35\ntone_volume = 0\nkey_tones = \"off\"\ncountry = \"uk\"\nbeeper = \"/dev/input/event9\"\nleds = [\"bell\"]\n"
        ),
        ("sound with a country's ring", "[sound]\ndevice = \"default\"\nring = \"uk\"\n"),
        ("sound with a mixer", "[sound]\nmixer = \"hw:1\"\nvolume_control = \"Speaker\"\ncapture_control = \"Mic\"\n"),
        ("sound without a mixer", "[sound]\ndevice = \"default\"\nmixer = \"none\"\n"),
    ]

    @Test("Read back, the text gives the same settings", arguments: configs)
    func roundTrip(config: (name: String, text: String)) throws {
        let file = "/etc/t9dial/t9dial.toml"
        let configuration = try DialerConfiguration.parse(text: config.text, file: file, environment: ["HOME": "/home/ann"])
        let shown = configuration.tomlText(currentDirectory: "/work")
        // The project's own parser takes it, and the config reader gives the same settings.
        _ = try TOMLParser.parse(shown)
        let again = try DialerConfiguration.parse(text: shown, file: "/elsewhere/shown.toml", environment: ["HOME": "/home/ann"])
        #expect(again == configuration, "\(shown)")
    }

    @Test("The shipped config file reads back the same")
    func shippedConfig() throws {
        let configuration = try DialerConfiguration.load(path: TestFiles.shippedConfig)
        let again = try DialerConfiguration.parse(text: configuration.tomlText(currentDirectory: "/"), file: "shown.toml")
        #expect(again == configuration)
    }

    @Test("Each line says the file and line that set it, or default")
    func origins() throws {
        let text = "contacts = [\"/a.vcf\"]\n\n[keypad]\nmode = \"multitap\"\n"
        let shown = try DialerConfiguration.parse(text: text, file: "/etc/t9dial/t9dial.toml").tomlText(currentDirectory: "/")
        let lines = shown.split(separator: "\n").map(String.init)
        #expect(lines.contains(#"contacts = ["/a.vcf"]  # /etc/t9dial/t9dial.toml:1"#))
        #expect(lines.contains(#"mode = "multitap"  # /etc/t9dial/t9dial.toml:4"#))
        #expect(lines.contains(#"keymap = "auto"  # default"#))
        #expect(lines.contains(#"limit = 20  # default"#))
        #expect(lines.contains("[carddav]"))
    }

    @Test("A relative path of a config named by a relative path is written from the current folder")
    func relativePaths() throws {
        let configuration = try DialerConfiguration.parse(text: "contacts = [\"book.vcf\"]\n", file: "conf/t9dial.toml")
        #expect(configuration.contacts == ["conf/book.vcf"])
        let shown = configuration.tomlText(currentDirectory: "/home/ann")
        #expect(shown.contains(#"contacts = ["/home/ann/conf/book.vcf"]  # conf/t9dial.toml:1"#))
    }
}
