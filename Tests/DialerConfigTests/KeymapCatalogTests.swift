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

    // MARK: Choosing for a device

    /// KEY_ESC..KEY_KPDOT (1...83) and the keys after them up to KEY_DELETE (111): what a full
    /// USB keyboard declares.
    static let fullKeyboard = Set<UInt16>(1...111)
    /// The numpad of the demo recording: Backspace, *, NumLock, the KP block, Enter and /.
    static let numpad = Set<UInt16>([14, 55, 69] + Array(71...83) + [96, 98])
    /// A tenkeyless keyboard: no KP keys, but the navigation block.
    static let tenkeyless = Set<UInt16>(Array(1...54) + [56, 57, 58] + Array(102...111))

    @Test(
        "auto chooses the keymap that types every digit with the most of the device's keys",
        arguments: [
            ("a matrix keypad", Set<UInt16>(0x200...0x20b), "phone-keypad"),
            ("a USB numpad", numpad, "usb-numpad"),
            ("a full keyboard", fullKeyboard, "usb-numpad"),
            ("a keyboard without a numpad", tenkeyless, "top-row"),
        ] as [(String, Set<UInt16>, String)]
    )
    func automatic(device: String, keys: Set<UInt16>, id: String) throws {
        let catalog = try KeymapCatalog.load(dataDirectory: TestFiles.configDirectory)
        #expect(try catalog.keymap(forDevice: device, keyCodes: keys).id == id)
    }

    @Test("auto with a device no keymap fits says what each lacks")
    func automaticNoFit() throws {
        let catalog = try KeymapCatalog.load(dataDirectory: TestFiles.configDirectory)
        #expect {
            try catalog.keymap(forDevice: "/dev/input/event3 (Volume knob)", keyCodes: [113, 114, 115])
        } throws: { error in
            let message = (error as? ConfigError)?.message ?? ""
            return message.hasPrefix("no keymap types all ten digits on /dev/input/event3 (Volume knob): phone-keypad has no key for 0 1 2 3 4 5 6 7 8 9; ")
                && message.contains("write a keymap for it in ")
        }
    }
}
