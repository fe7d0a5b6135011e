// SPDX-License-Identifier: Apache-2.0

@testable import DialerConfig
import DialerEngine
import Testing

@Suite("Keymap catalog")
struct KeymapCatalogTests {
    static let digits = (0...9).map { "KEY_NUMERIC_\($0) = \"\($0)\"" }.joined(separator: "\n")

    @Test("The shipped keymaps directory loads every file, by id")
    func shippedCatalog() throws {
        let catalog = try KeymapCatalog.load(directory: TestFiles.configDirectory + "/keymaps")
        #expect(catalog.ids == ["phone-keypad", "top-row", "usb-numpad"])
        #expect(try KeymapCatalog.load(dataDirectory: TestFiles.configDirectory) == catalog)
        #expect(try catalog.keymap(id: "usb-numpad").name == "USB numpad")
    }

    @Test("Dropping a file in adds a keymap; other files and hidden files are ignored")
    func droppedFile() throws {
        try TestFiles.withTemporaryDirectory { directory in
            try TestFiles.write("name = \"Handset\"\n[keys]\n\(Self.digits)\n", to: directory + "/handset.toml")
            try TestFiles.write("[keys]\n\(Self.digits)\n", to: directory + "/a-pad.toml")
            try TestFiles.write("not toml", to: directory + "/README")
            try TestFiles.write("not toml", to: directory + "/.hidden.toml")
            let catalog = try KeymapCatalog.load(directory: directory)
            #expect(catalog.ids == ["a-pad", "handset"])
            #expect(catalog.keymaps[1].name == "Handset")
            #expect(catalog.directory == directory)
        }
    }

    @Test("A bad file stops loading with its own error")
    func badFile() throws {
        try TestFiles.withTemporaryDirectory { directory in
            try TestFiles.write("[keys]\n\(Self.digits)\nKEY_NUMERIC_HASH = \"#\"\n", to: directory + "/bad.toml")
            #expect {
                try KeymapCatalog.load(directory: directory)
            } throws: { error in
                let error = error as? ConfigError
                return error?.file == directory + "/bad.toml" && error?.line == 12 && error?.key == "keys.KEY_NUMERIC_HASH"
            }
        }
    }

    @Test("An empty or missing directory is an error")
    func emptyDirectory() throws {
        try TestFiles.withTemporaryDirectory { directory in
            #expect {
                try KeymapCatalog.load(directory: directory)
            } throws: { error in
                (error as? ConfigError)?.message.contains("has no keymap files (*.toml); copy usb-numpad.toml") == true
            }
            #expect {
                try KeymapCatalog.load(dataDirectory: directory)
            } throws: { error in
                let error = error as? ConfigError
                return error?.file == directory + "/keymaps" && error?.message.contains("cannot list the keymaps directory") == true
            }
        }
    }

    @Test("An unknown id is an error listing the keymaps there are")
    func unknownID() throws {
        let catalog = try KeymapCatalog.load(dataDirectory: TestFiles.configDirectory)
        #expect {
            try catalog.keymap(id: "usb-numbad")
        } throws: { error in
            (error as? ConfigError)?.message == #"unknown keymap "usb-numbad" (did you mean "usb-numpad"?); the keymaps in "#
                + TestFiles.configDirectory + #"/keymaps are "phone-keypad", "top-row", "usb-numpad"; "#
                + "add usb-numbad.toml there or use one of those"
        }
    }
}
