// SPDX-License-Identifier: Apache-2.0

@testable import DialerConfig
import Telephony
import Testing

@Suite("Default config file")
struct DefaultFileTests {
    @Test(
        "Where the config file is looked for",
        arguments: [
            (["T9DIAL_CONFIG": "/x/t.toml", "HOME": "/home/ann"], ["/x/t.toml"]),
            (["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/ann"], ["/cfg/t9dial/t9dial.toml", "/etc/t9dial/t9dial.toml"]),
            (["XDG_CONFIG_HOME": "relative", "HOME": "/home/ann"], ["/home/ann/.config/t9dial/t9dial.toml", "/etc/t9dial/t9dial.toml"]),
            (["HOME": "/home/ann"], ["/home/ann/.config/t9dial/t9dial.toml", "/etc/t9dial/t9dial.toml"]),
            ([:], ["/etc/t9dial/t9dial.toml"]),
        ])
    func defaultFiles(environment: [String: String], files: [String]) {
        #expect(DialerConfiguration.defaultFiles(environment: environment) == files)
    }

    @Test("No config file anywhere means the defaults")
    func noFileMeansDefaults() throws {
        try TestFiles.withTemporaryDirectory { root in
            let configuration = try DialerConfiguration.loadDefault(
                environment: ["HOME": root], systemFile: root + "/etc/t9dial/t9dial.toml", dialMethods: DialMethod.self
            )
            #expect(configuration == DialerConfiguration())
            #expect(configuration.file == nil)
        }
    }

    @Test("The user's file comes before the system's")
    func userFileFirst() throws {
        try TestFiles.withTemporaryDirectory { root in
            let system = root + "/etc/t9dial/t9dial.toml"
            try TestFiles.write("[search]\nlimit = 7\n", to: system)
            #expect(try DialerConfiguration.loadDefault(environment: ["HOME": root], systemFile: system, dialMethods: DialMethod.self).search.limit == 7)
            try TestFiles.write("[search]\nlimit = 3\n", to: root + "/.config/t9dial/t9dial.toml")
            #expect(try DialerConfiguration.loadDefault(environment: ["HOME": root], systemFile: system, dialMethods: DialMethod.self).search.limit == 3)
            try TestFiles.write("[search]\nlimit = 4\n", to: root + "/xdg/t9dial/t9dial.toml")
            let xdg = ["HOME": root, "XDG_CONFIG_HOME": root + "/xdg"]
            #expect(try DialerConfiguration.loadDefault(environment: xdg, systemFile: system, dialMethods: DialMethod.self).search.limit == 4)
        }
    }

    @Test("T9DIAL_CONFIG is used alone, and must exist")
    func environmentVariable() throws {
        try TestFiles.withTemporaryDirectory { root in
            try TestFiles.write("[search]\nlimit = 3\n", to: root + "/.config/t9dial/t9dial.toml")
            try TestFiles.write("[search]\nlimit = 9\n", to: root + "/mine.toml")
            let named = ["HOME": root, "T9DIAL_CONFIG": root + "/mine.toml"]
            #expect(try DialerConfiguration.loadDefault(environment: named, systemFile: "/nonexistent", dialMethods: DialMethod.self).search.limit == 9)
            #expect {
                try DialerConfiguration.loadDefault(
                    environment: ["HOME": root, "T9DIAL_CONFIG": root + "/typo.toml"], systemFile: "/nonexistent", dialMethods: DialMethod.self
                )
            } throws: { error in
                guard let error = error as? ConfigError else { return false }
                return error.file == root + "/typo.toml" && error.message.contains("T9DIAL_CONFIG names it")
            }
        }
    }

    @Test("An error in a default file is reported, not skipped")
    func badDefaultFile() throws {
        try TestFiles.withTemporaryDirectory { root in
            let file = root + "/.config/t9dial/t9dial.toml"
            try TestFiles.write("[search]\nlimit = 0\n", to: file)
            #expect {
                try DialerConfiguration.loadDefault(environment: ["HOME": root], systemFile: "/nonexistent", dialMethods: DialMethod.self)
            } throws: { error in
                (error as? ConfigError)?.description.hasPrefix("\(file):2: ") == true
            }
        }
    }
}
