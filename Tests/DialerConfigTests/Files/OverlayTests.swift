// SPDX-License-Identifier: Apache-2.0

import Testing

/// The Raspberry Pi overlays of `Config/overlays/`: they build with cpp and dtc alone, with no
/// warnings, and the blobs say what the README promises.
@Suite("Device-tree overlays")
struct OverlayTests {
    // Each overlay is built once for all the tests that read it.
    static let matrix = Result { try OverlayCompiler.build("t9dial-matrix-keypad") }
    static let gpioKeys = Result { try OverlayCompiler.build("t9dial-gpio-keys") }

    /// A gpios entry before the firmware resolves it: the phandle is a fixup, then the pin and
    /// GPIO_ACTIVE_LOW.
    static func activeLow(_ pin: UInt32) -> [UInt32] { [0xFFFF_FFFF, pin, 1] }

    @Test("Each overlay builds with no warnings, for the Pi firmware", arguments: ["t9dial-matrix-keypad", "t9dial-gpio-keys"])
    func builds(name: String) throws {
        let overlay = try (name == "t9dial-matrix-keypad" ? Self.matrix : Self.gpioKeys).get()
        #expect(overlay.warnings.isEmpty, "cpp or dtc warned:\n\(overlay.warnings)")
        #expect(overlay.tree.nodes["/"]?.string("compatible") == "brcm,bcm2835")
        // Every &gpio is left to the firmware to resolve against the Pi's own tree.
        let fixups = try #require(overlay.tree.nodes["/__fixups__"]?.strings("gpio"))
        #expect(fixups.first == "/fragment@0:target:0")
        #expect(fixups.count == (name == "t9dial-matrix-keypad" ? 1 + 7 : 1 + 12))
        #expect(overlay.tree.nodes["/__symbols__"] != nil, "built without -@")
    }

    // MARK: The matrix keypad

    static let keypadPath = "/fragment@1/__overlay__/t9dial-keypad"
    static let keypadPinsPath = "/fragment@0/__overlay__/t9dial-keypad-pins"

    @Test("The matrix keypad: driver, polarity, scan timing, no autorepeat, pull-ups on the rows")
    func matrixKeypad() throws {
        let tree = try Self.matrix.get().tree
        let keypad = try #require(tree.nodes[Self.keypadPath])
        #expect(keypad.string("compatible") == "gpio-matrix-keypad")
        #expect(keypad.cells("row-gpios") == [5, 6, 13, 26].flatMap(Self.activeLow))
        #expect(keypad.cells("col-gpios") == [17, 22, 23].flatMap(Self.activeLow))
        #expect(keypad.properties["gpio-activelow"] == [])
        #expect(keypad.cells("debounce-delay-ms") == [10])
        #expect(keypad.cells("col-scan-delay-us") == [10])
        #expect(keypad.properties["linux,no-autorepeat"] == [])
        #expect(keypad.cells("pinctrl-0").flatMap { $0.first.flatMap(tree.path(ofPhandle:)) } == Self.keypadPinsPath)

        let pins = try #require(tree.nodes[Self.keypadPinsPath])
        #expect(pins.cells("brcm,pins") == [5, 6, 13, 26, 17, 22, 23])
        #expect(pins.cells("brcm,function") == [0])
        #expect(pins.cells("brcm,pull") == [2, 2, 2, 2, 0, 0, 0])
    }

    struct MatrixKey: Equatable, CustomStringConvertible {
        let row: UInt32
        let column: UInt32
        let code: UInt32
        var description: String { "(\(row), \(column)) -> 0x\(String(code, radix: 16))" }
    }

    @Test("The keymap is the phone layout 1 2 3 / 4 5 6 / 7 8 9 / * 0 #")
    func keymap() throws {
        let keypad = try #require(try Self.matrix.get().tree.nodes[Self.keypadPath])
        let keys = try #require(keypad.cells("linux,keymap")).map {
            MatrixKey(row: $0 >> 24, column: ($0 >> 16) & 0xFF, code: $0 & 0xFFFF)
        }
        // KEY_NUMERIC_0..9 are 0x200..0x209, STAR 0x20a, POUND 0x20b.
        let phone: [[UInt32]] = [[0x201, 0x202, 0x203], [0x204, 0x205, 0x206], [0x207, 0x208, 0x209], [0x20A, 0x200, 0x20B]]
        let expected = phone.enumerated().flatMap { row, codes in
            codes.enumerated().map { column, code in MatrixKey(row: UInt32(row), column: UInt32(column), code: code) }
        }
        #expect(keys == expected)
    }

    @Test(
        "A matrix pin parameter moves the pin and its pull together",
        arguments: [
            ("row0", "row-gpios", 0, UInt32(5)), ("row1", "row-gpios", 1, 6), ("row2", "row-gpios", 2, 13), ("row3", "row-gpios", 3, 26),
            ("col0", "col-gpios", 0, 17), ("col1", "col-gpios", 1, 22), ("col2", "col-gpios", 2, 23),
        ]
    )
    func matrixPinParameter(parameter: String, property: String, index: Int, pin: UInt32) throws {
        let tree = try Self.matrix.get().tree
        let targets = try tree.overrideTargets(of: parameter)
        let pinIndex = (property == "row-gpios" ? 0 : 4) + index
        #expect(
            targets == [
                OverrideTarget(path: Self.keypadPath, property: property, offset: 4 + 12 * index),
                OverrideTarget(path: Self.keypadPinsPath, property: "brcm,pins", offset: 4 * pinIndex),
            ])
        // Each offset lands on the default pin, so the parameter writes a pin and nothing else.
        for target in targets {
            #expect(tree.nodes[target.path]?.cells(target.property)?[target.offset / 4] == pin, "\(target)")
        }
    }

    @Test("The matrix debounce parameter sets debounce-delay-ms")
    func matrixDebounceParameter() throws {
        let targets = try Self.matrix.get().tree.overrideTargets(of: "debounce")
        #expect(targets == [OverrideTarget(path: Self.keypadPath, property: "debounce-delay-ms", offset: 0)])
    }

    // MARK: The gpio-keys buttons

    static let keysPath = "/fragment@1/__overlay__/t9dial-keys"
    static let keysPinsPath = "/fragment@0/__overlay__/t9dial-keys-pins"
    static let buttonPins: [UInt32] = [17, 27, 22, 23, 24, 25, 5, 6, 12, 13, 16, 26]

    @Test("The gpio-keys device: its label is a name t9dial's udev rule matches, pull-ups on every pin")
    func gpioKeys() throws {
        let tree = try Self.gpioKeys.get().tree
        let keys = try #require(tree.nodes[Self.keysPath])
        #expect(keys.string("compatible") == "gpio-keys")
        #expect(keys.string("label") == "t9dial-keypad")
        #expect(keys.properties["autorepeat"] == nil)
        #expect(keys.cells("pinctrl-0").flatMap { $0.first.flatMap(tree.path(ofPhandle:)) } == Self.keysPinsPath)
        let buttons = tree.nodes.keys.filter { $0.hasPrefix(Self.keysPath + "/") }
        #expect(buttons.count == 12)

        let pins = try #require(tree.nodes[Self.keysPinsPath])
        #expect(pins.cells("brcm,pins") == Self.buttonPins)
        #expect(pins.cells("brcm,function") == [0])
        #expect(pins.cells("brcm,pull") == [2])
    }

    @Test(
        "Each button: its code, its active-low pin, its debounce, and a parameter that moves its pin",
        arguments: [
            ("1", UInt32(0x201), "key1"), ("2", 0x202, "key2"), ("3", 0x203, "key3"),
            ("4", 0x204, "key4"), ("5", 0x205, "key5"), ("6", 0x206, "key6"),
            ("7", 0x207, "key7"), ("8", 0x208, "key8"), ("9", 0x209, "key9"),
            ("star", 0x20A, "star"), ("0", 0x200, "key0"), ("pound", 0x20B, "pound"),
        ].enumerated().map { ($0.offset, $0.element.0, $0.element.1, $0.element.2) }
    )
    func button(index: Int, name: String, code: UInt32, parameter: String) throws {
        let tree = try Self.gpioKeys.get().tree
        let path = "\(Self.keysPath)/key-\(name)"
        let button = try #require(tree.nodes[path])
        let pin = Self.buttonPins[index]
        #expect(button.cells("linux,code") == [code])
        #expect(button.cells("gpios") == Self.activeLow(pin))
        #expect(button.cells("debounce-interval") == [10])
        #expect(
            try tree.overrideTargets(of: parameter) == [
                OverrideTarget(path: path, property: "gpios", offset: 4),
                OverrideTarget(path: Self.keysPinsPath, property: "brcm,pins", offset: 4 * index),
            ])
        #expect(tree.nodes[Self.keysPinsPath]?.cells("brcm,pins")?[index] == pin)
    }

    @Test("The gpio-keys debounce parameter sets every button's debounce-interval")
    func gpioKeysDebounceParameter() throws {
        let targets = try Self.gpioKeys.get().tree.overrideTargets(of: "debounce")
        let names = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "star", "0", "pound"]
        #expect(targets == names.map { OverrideTarget(path: "\(Self.keysPath)/key-\($0)", property: "debounce-interval", offset: 0) })
    }
}
