// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import Testing

@Suite("The terminal as a keypad")
struct TerminalKeysTests {
    static func roles(_ text: [UInt8]) -> (gestures: [KeyGesture], quit: Bool, left: [UInt8]) {
        var bytes = text
        let (gestures, quit) = TerminalKeys.gestures(from: &bytes, at: 7)
        #expect(gestures.allSatisfy { _ in true })
        return (gestures.map(\.gesture), quit, bytes)
    }

    @Test(
        "Each character is a quick tap of its key",
        arguments: [
            ("5", KeyRole.digit(5)), ("0", .digit(0)), ("*", .star), ("#", .pound), ("\r", .dial), ("\n", .dial),
            ("\u{7f}", .delete), ("+", .next), ("-", .previous), ("/", .switchMode), ("\t", .switchMode), ("h", .hangUp),
            ("s", .swap), ("o", .hold), ("r", .reject), ("m", .mute),
        ])
    func tap(character: String, role: KeyRole) {
        let result = Self.roles(Array(character.utf8))
        #expect(result.gestures == [.pressed(role), .tapped(role)])
        #expect(!result.quit)
    }

    @Test func arrowsMoveTheSelectionAndEscAloneClears() {
        #expect(Self.roles([0x1B, 0x5B, 0x41]).gestures == [.pressed(.previous), .tapped(.previous)])
        #expect(Self.roles([0x1B, 0x5B, 0x42]).gestures == [.pressed(.next), .tapped(.next)])
        #expect(Self.roles([0x1B]).gestures == [.pressed(.star), .heldLonger(.star)])
    }

    @Test func altAndADigitHoldsTheDigit() {
        #expect(Self.roles([0x1B, UInt8(ascii: "5")]).gestures == [.pressed(.digit(5)), .held(.digit(5))])
        #expect(
            Self.roles([0x1B, UInt8(ascii: "0"), UInt8(ascii: "1")]).gestures == [
                .pressed(.digit(0)), .held(.digit(0)), .pressed(.digit(1)), .tapped(.digit(1)),
            ])
    }

    @Test func anUnfinishedEscapeSequenceWaitsForTheNextRead() {
        let result = Self.roles([UInt8(ascii: "3"), 0x1B, 0x5B])
        #expect(result.gestures == [.pressed(.digit(3)), .tapped(.digit(3))])
        #expect(result.left == [0x1B, 0x5B])
    }

    @Test(arguments: [UInt8(ascii: "q"), 0x03, 0x04])
    func quitKeys(byte: UInt8) {
        let result = Self.roles([UInt8(ascii: "2"), byte, UInt8(ascii: "3")])
        #expect(result.quit)
        #expect(result.gestures == [.pressed(.digit(2)), .tapped(.digit(2))])
    }

    @Test func allGesturesAreStampedWithTheReadTime() {
        var bytes = Array("12".utf8)
        let (gestures, _) = TerminalKeys.gestures(from: &bytes, at: 42)
        #expect(gestures.map(\.time) == [42, 42, 42, 42])
    }
}
