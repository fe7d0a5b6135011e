// SPDX-License-Identifier: Apache-2.0

public import InputEvents

/// The characters a terminal sends, as the gestures of a keypad, for `t9dial try`: a terminal
/// sends characters, not presses and releases, so each key is a quick tap (a press and a tap
/// at once), Esc stands in for holding `*` (clear), and Alt+digit (Esc then the digit) for
/// holding the digit. Arrow keys move the selection. During a call `s` swaps (or answers the
/// call waiting), `o` holds, `r` rejects the call waiting and `m` mutes; `+` and `-` change
/// the volume, as on a numpad.
public enum TerminalKeys {
    /// What the help line calls the terminal's keys.
    public static let labels: [KeyRole: String] = [
        .dial: "Enter", .delete: "Bksp", .hangUp: "h", .swap: "s", .hold: "o", .reject: "r", .mute: "m", .next: "+",
        .previous: "-", .switchMode: "/",
    ]

    /// The gestures of the characters in `bytes` (consumed, but for an unfinished escape
    /// sequence), and whether one of them asks to quit.
    public static func gestures(from bytes: inout [UInt8], at time: Microseconds) -> ([TimedGesture], quit: Bool) {
        var gestures: [TimedGesture] = []
        func tap(_ role: KeyRole) {
            gestures.append(TimedGesture(time: time, gesture: .pressed(role)))
            gestures.append(TimedGesture(time: time, gesture: .tapped(role)))
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): tap(.digit(byte - UInt8(ascii: "0")))
            case UInt8(ascii: "*"): tap(.star)
            case UInt8(ascii: "#"): tap(.pound)
            case 0x0D, 0x0A: tap(.dial)
            case 0x7F, 0x08: tap(.delete)
            case UInt8(ascii: "+"): tap(.next)
            case UInt8(ascii: "-"): tap(.previous)
            case UInt8(ascii: "/"), 0x09: tap(.switchMode)
            case UInt8(ascii: "h"): tap(.hangUp)
            case UInt8(ascii: "s"): tap(.swap)
            case UInt8(ascii: "o"): tap(.hold)
            case UInt8(ascii: "r"): tap(.reject)
            case UInt8(ascii: "m"): tap(.mute)
            case 0x1B:
                // Esc alone clears; Esc [ A and Esc [ B are the Up and Down arrows.
                if index < bytes.count, bytes[index] == UInt8(ascii: "[") {
                    guard index + 1 < bytes.count else {
                        bytes.removeFirst(index - 1)
                        return (gestures, false)
                    }
                    switch bytes[index + 1] {
                    case UInt8(ascii: "A"): tap(.previous)
                    case UInt8(ascii: "B"): tap(.next)
                    default: break
                    }
                    index += 2
                } else if index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                    // Alt+digit (Esc then the digit) holds the digit: 0 held is +, 2 to 9 held
                    // on nothing typed call their speed dial, 1 voicemail.
                    let digit = KeyRole.digit(bytes[index] - UInt8(ascii: "0"))
                    gestures.append(TimedGesture(time: time, gesture: .pressed(digit)))
                    gestures.append(TimedGesture(time: time, gesture: .held(digit)))
                    index += 1
                } else {
                    gestures.append(TimedGesture(time: time, gesture: .pressed(.star)))
                    gestures.append(TimedGesture(time: time, gesture: .heldLonger(.star)))
                }
            case UInt8(ascii: "q"), 0x03, 0x04:
                bytes.removeAll()
                return (gestures, true)
            default: break
            }
        }
        bytes.removeAll()
        return (gestures, false)
    }
}
