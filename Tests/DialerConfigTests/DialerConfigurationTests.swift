// SPDX-License-Identifier: Apache-2.0

import Glibc
import Foundation
@testable import DialerConfig
import T9Search
import Telephony
import Testing

@Suite("Config file")
struct DialerConfigurationTests {
    static func parse(_ text: String, file: String = "t9dial.toml", home: String = "/home/ann") throws -> DialerConfiguration {
        try DialerConfiguration.parse(text: text, file: file, environment: ["HOME": home])
    }

    @Test("The shipped t9dial.toml loads to exactly the defaults")
    func shippedConfigIsDefaults() throws {
        let configuration = try DialerConfiguration.load(path: TestFiles.shippedConfig, environment: [:])
        #expect(configuration == DialerConfiguration())
        #expect(configuration.contacts == [])
        #expect(configuration.search == SearchSettings(match: .smart, region: nil, limit: 20, layouts: [], dataDirectory: nil))
        #expect(configuration.file == TestFiles.shippedConfig)
    }

    @Test(
        "The shipped t9dial.toml documents every key",
        arguments: ["contacts"] + SearchSettings.keys + KeypadSettings.keys + ScreenSettings.keys + DialMethod.keys
            + HistorySettings.keys + CardDAVSettings.keys + SoundSettings.keys
    )
    func shippedConfigDocumentsKey(key: String) throws {
        let text = try TextFile.read(TestFiles.shippedConfig)
        #expect(text.contains("\n\(key) = ") || text.contains("\n# \(key) = "))
    }

    @Test("An empty file is the defaults")
    func emptyFile() throws {
        #expect(try Self.parse("") == DialerConfiguration())
        #expect(try Self.parse("# nothing\n\n[search]\n") == DialerConfiguration())
    }

    @Test("Every key is read")
    func everyKey() throws {
        let configuration = try Self.parse(
            """
            contacts = ["~/contacts.vcf", "/srv/cards", "work.csv"]
            [search]
            match = "anywhere"
            region = "gb"
            limit = 5
            layouts = ["greek", "latin"]
            data_dir = "~/t9dial-data"
            """,
            file: "/etc/t9dial/t9dial.toml"
        )
        #expect(configuration.contacts == ["/home/ann/contacts.vcf", "/srv/cards", "/etc/t9dial/work.csv"])
        #expect(
            configuration.search
                == SearchSettings(
                    match: .anywhere, region: "GB", limit: 5, layouts: ["greek", "latin"], dataDirectory: "/home/ann/t9dial-data"
                ))
    }

    @Test("Dotted and quoted keys are read like any other")
    func dottedAndQuotedKeys() throws {
        let configuration = try Self.parse("\"search\".limit = 3\nsearch . 'match' = \"anywhere\"\n")
        #expect(configuration.search.limit == 3)
        #expect(configuration.search.match == .anywhere)
    }

    @Test("The message of the brief, exactly")
    func unknownKeyMessage() throws {
        #expect(
            throws: ConfigError(
                file: "t9dial.toml", line: 3, key: "search.mach",
                message: #"unknown key "mach" in [search]; did you mean "match"?"#
            )
        ) {
            try Self.parse("# t9dial\n[search]\nmach = \"smart\"\n")
        }
        let error = ConfigError(file: "t9dial.toml", line: 3, key: "search.mach", message: #"unknown key "mach" in [search]; did you mean "match"?"#)
        #expect(error.description == #"t9dial.toml:3: unknown key "mach" in [search]; did you mean "match"?"#)
    }

    @Test(
        "A bad config names the file, line and key, and says what is allowed",
        arguments: [
            // Unknown keys and tables.
            ("[search]\nlimit = 5\nregoin = \"GB\"\n", 3, "search.regoin", #"unknown key "regoin" in [search]; did you mean "region"?"#),
            ("[search]\nspeed = 5\n", 2, "search.speed", #"allowed in [search]: "match", "region", "limit", "layouts", "data_dir""#),
            ("[serch]\nmatch = \"smart\"\n", 1, "serch", "unknown table [serch]; did you mean [search]?"),
            (
                "[display]\nrows = 4\n", 1, "display",
                #"unknown table [display]; allowed at the top level: "contacts", [search], [keypad], [screen], [dial], [history], [carddav]"#
            ),
            ("contact = []\n", 1, "contact", #"unknown key "contact" at the top level; did you mean "contacts"?"#),
            ("[search]\nlimit = 5\n\n[search.extra]\nx = 1\n", 4, "search.extra", "unknown table [search.extra]"),
            ("serch.limit = 5\n", 1, "serch", "did you mean [search]?"),
            (
                "[search]\nlimit = 5\ncontacts = []\n", 3, "search.contacts",
                #""contacts" is a top-level key but is written in [search]; move it above the first [table] line"#
            ),
            // Top-level values.
            ("contacts = \"~/a.vcf\"\n", 1, "contacts", #""contacts" must be a list of strings, like contacts = ["~/contacts.vcf"]"#),
            ("contacts = [\"\"]\n", 1, "contacts", "has an empty path"),
            ("search = 3\n", 1, "search", "must be a table: write [search] on a line of its own"),
            // Where the line is found.
            ("# comment\n\n[search]\n# limit = 5\nmatch = \"smart\"\n  limit = 0  # none\n", 6, "search.limit", "must be from 1 to 1000"),
            ("search.limit = 0\n", 1, "search.limit", "must be from 1 to 1000"),
            ("[search]\n\"limit\" = 0\n", 2, "search.limit", "must be from 1 to 1000"),
            ("[ search ]\nlimit = 0\n", 2, "search.limit", "must be from 1 to 1000"),
            ("contacts = [\n  \"a.vcf\",\n]\n[search]\nlimit = 0\n", 5, "search.limit", "must be from 1 to 1000"),
            ("[search]\ndata_dir = \"\"\"\nlimit = 1\n\"\"\"\nlimit = 0\n", 5, "search.limit", "must be from 1 to 1000"),
            // Syntax.
            ("[search\nlimit = 3\n", 1, nil, "not valid TOML at column 8: expected ']' to close the [header] of search"),
            // A key set twice is named as written, with the column of its second line.
            ("[search]\nlimit = 3\nlimit = 4\n", 3, nil, #"not valid TOML at column 1: "limit" is set twice in its table; keep one of the two lines"#),
            ("[keypad.keys]\n\"KEY_KP1\" = \"1\"\n\"KEY_KP1\" = \"2\"\n", 3, nil, #""KEY_KP1" is set twice in its table"#),
        ] as [(String, Int, String?, String)]
    )
    func badConfig(text: String, line: Int, key: String?, fragment: String) {
        #expect {
            try Self.parse(text)
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.file == "t9dial.toml" && error.line == line && error.key == key
                && error.description.hasPrefix("t9dial.toml:\(line): ") && error.message.contains(fragment)
        }
    }

    @Test("An unknown layout id is an error at the layouts line, listing the layouts there are")
    func unknownLayout() throws {
        let configuration = try Self.parse("[search]\nlimit = 9\nlayouts = [\"klingon\"]\n")
        let catalog = try LayoutCatalog.load(directory: TestFiles.layoutsDirectory)
        #expect {
            try configuration.layouts(from: catalog)
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.file == "t9dial.toml" && error.line == 3 && error.key == "search.layouts"
                && error.message.contains(#"unknown layout "klingon""#)
                && error.message.contains(#""latin", "cyrillic", "greek""#)
        }
    }

    @Test("Known layout ids choose those layouts; none chooses all")
    func chosenLayouts() throws {
        let catalog = try LayoutCatalog.load(directory: TestFiles.layoutsDirectory)
        #expect(try Self.parse("[search]\nlayouts = [\"greek\"]\n").layouts(from: catalog).map(\.id) == ["greek"])
        #expect(try DialerConfiguration().layouts(from: catalog).map(\.id) == ["latin", "cyrillic", "greek"])
    }

    @Test("A missing file named explicitly is an error")
    func missingExplicitFile() {
        #expect(throws: ConfigError(file: "/nonexistent/t9dial.toml", message: "no such file; check the path")) {
            try DialerConfiguration.load(path: "/nonexistent/t9dial.toml", environment: [:])
        }
    }

    /// A FIFO would block the start for ever, and /dev/zero take the memory: both are refused
    /// at once, as a layout or keymap file would be (they are read the same way).
    @Test(
        "A config that is not a regular file is refused at once",
        arguments: [
            ("/dev/zero", "it is a character device, not a regular file; give the path of a regular file"),
            ("fifo", "it is a FIFO, not a regular file; give the path of a regular file"),
            ("/tmp", "is a directory, not a file; name the .toml file inside it"),
        ])
    func specialFilesAreRefused(name: String, message: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("t9dial-config-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = name.hasPrefix("/") ? name : folder + "/" + name
        if name == "fifo" { try #require(mkfifo(path, 0o600) == 0) }
        #expect(throws: ConfigError(file: path, message: message)) {
            try DialerConfiguration.load(path: path, environment: [:])
        }
    }

    @Test("--config /dev/null is an empty config")
    func devNullIsEmpty() throws {
        #expect(try DialerConfiguration.load(path: "/dev/null", environment: [:]) == DialerConfiguration.parse(text: "", file: "/dev/null", environment: [:]))
    }

    @Test("A config over 1 MiB is refused")
    func aHugeConfigIsRefused() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("t9dial-\(UUID().uuidString).toml").path
        try Data(repeating: UInt8(ascii: "#"), count: (1 << 20) + 1).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: ConfigError(file: path, message: "it is larger than 1 MiB, the limit for this file; check that it is the right file")) {
            try DialerConfiguration.load(path: path, environment: [:])
        }
    }
}
