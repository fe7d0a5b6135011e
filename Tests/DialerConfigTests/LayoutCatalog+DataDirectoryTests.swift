// SPDX-License-Identifier: Apache-2.0

@testable import DialerConfig
import Testing

@Suite("Finding the data directory")
struct DataDirectoryTests {
    /// Searches with nothing from the real system, so only what a test sets up is found.
    static func find(
        explicit: String? = nil, environment: [String: String] = [:], executable: String?, system: [String] = []
    ) throws -> String {
        try LayoutCatalog.findDataDirectory(
            explicit: explicit, environment: environment, executablePath: executable, systemDirectories: system
        )
    }

    @Test("An explicit path is used first")
    func explicitPath() throws {
        try TestFiles.withTemporaryDirectory { root in
            try TestFiles.makeDataDirectory(root + "/mine")
            try TestFiles.makeDataDirectory(root + "/env")
            let found = try Self.find(
                explicit: root + "/mine", environment: ["T9DIAL_DATA_DIR": root + "/env"], executable: nil
            )
            #expect(found == root + "/mine")
        }
    }

    @Test("T9DIAL_DATA_DIR is used when no path is given")
    func environmentVariable() throws {
        try TestFiles.withTemporaryDirectory { root in
            try TestFiles.makeDataDirectory(root + "/env")
            try TestFiles.makeDataDirectory(root + "/prefix/share/t9dial")
            let found = try Self.find(
                explicit: "", environment: ["T9DIAL_DATA_DIR": root + "/env"], executable: root + "/prefix/bin/t9dial"
            )
            #expect(found == root + "/env")
        }
    }

    @Test("A named directory without layouts/ is an error, not skipped")
    func namedDirectoryWithoutLayouts() throws {
        try TestFiles.withTemporaryDirectory { root in
            try TestFiles.makeDataDirectory(root + "/good")
            #expect {
                try Self.find(explicit: root + "/good/layouts", executable: nil, system: [root + "/good"])
            } throws: { error in
                let message = (error as? ConfigError)?.message ?? ""
                return message.contains("has no layouts/ folder") && message.contains("not layouts/ itself")
            }
            #expect {
                try Self.find(environment: ["T9DIAL_DATA_DIR": root + "/typo"], executable: nil, system: [root + "/good"])
            } throws: { error in
                (error as? ConfigError)?.message.hasPrefix("the data directory \(root)/typo (from T9DIAL_DATA_DIR) has no") == true
            }
        }
    }

    @Test("An installed program finds ../share/t9dial")
    func installedLayout() throws {
        try TestFiles.withTemporaryDirectory { root in
            try TestFiles.makeDataDirectory(root + "/prefix/share/t9dial")
            #expect(try Self.find(executable: root + "/prefix/bin/t9dial") == root + "/prefix/share/t9dial")
        }
    }

    @Test("A program built in a source checkout finds Config/ above it")
    func sourceCheckout() throws {
        try TestFiles.withTemporaryDirectory { root in
            try TestFiles.makeDataDirectory(root + "/t9dial/Config")
            let executable = root + "/t9dial/.build/x86_64-unknown-linux-gnu/debug/t9dial"
            #expect(try Self.find(executable: executable) == root + "/t9dial/Config")
        }
    }

    @Test("The test program itself, built in this checkout, finds its Config/")
    func thisCheckout() throws {
        let found = try Self.find(executable: LayoutCatalog.currentExecutablePath())
        #expect(found == TestFiles.configDirectory)
    }

    @Test("The system directories come last")
    func systemDirectories() throws {
        try TestFiles.withTemporaryDirectory { root in
            try TestFiles.makeDataDirectory(root + "/usr/share/t9dial")
            let found = try Self.find(
                executable: root + "/bin/t9dial", system: [root + "/usr/local/share/t9dial", root + "/usr/share/t9dial"]
            )
            #expect(found == root + "/usr/share/t9dial")
        }
    }

    @Test("When nothing is found the error lists where it looked and how to fix it")
    func nothingFound() throws {
        try TestFiles.withTemporaryDirectory { root in
            #expect {
                try Self.find(executable: root + "/bin/t9dial", system: [root + "/usr/share/t9dial"])
            } throws: { error in
                guard let error = error as? ConfigError else { return false }
                return error.file == nil
                    && error.message.contains("\(root)/share/t9dial (installed next to the program)")
                    && error.message.contains("Config/ in \(root)/bin and the folders above it")
                    && error.message.contains("\(root)/usr/share/t9dial")
                    && error.message.contains("pass --data-dir DIR, set T9DIAL_DATA_DIR=DIR")
            }
        }
    }
}
