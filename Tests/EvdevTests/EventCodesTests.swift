// SPDX-License-Identifier: Apache-2.0

import CLibevdev
@testable import InputEvents
import Testing

/// The table of evdev's names that InputEvents carries (made from the kernel's header by
/// `make event-codes`) says what libevdev's own tables say, so that a config read without
/// libevdev names keys as `evtest` and the monitor do. A header newer than libevdev's may
/// name more: those are the table's alone.
@Suite struct EventCodesTests {
    @Test(arguments: [(UInt32(EV_KEY), EventCodes.highestKeyCode), (UInt32(EV_SW), EventCodes.highestSwitchCode)])
    func everyCodeIsShownByLibevdevsName(type: UInt32, highest: UInt16) {
        #expect(UInt32(highest) == UInt32(libevdev_event_type_get_max(type)))
        for code in 0...highest {
            guard let libevdevName = libevdev_event_code_get_name(type, UInt32(code)).map({ String(cString: $0) }) else { continue }
            let tableName = type == UInt32(EV_KEY) ? EventCodes.keyName(of: code) : EventCodes.switchName(of: code)
            #expect(tableName == libevdevName, "code \(code)")
        }
    }

    @Test func everyNameLibevdevKnowsHasItsCode() {
        var known = 0
        for (name, code) in EventCodes.keyCodes {
            let libevdevCode = libevdev_event_code_from_name(UInt32(EV_KEY), name)
            guard libevdevCode >= 0 else { continue }
            known += 1
            #expect(libevdevCode == Int32(code), "\(name)")
        }
        for (name, code) in EventCodes.switchCodes {
            let libevdevCode = libevdev_event_code_from_name(UInt32(EV_SW), name)
            #expect(libevdevCode < 0 || libevdevCode == Int32(code), "\(name)")
        }
        // Every code libevdev shows by a name is in the table under that name.
        for code in 0...EventCodes.highestKeyCode {
            guard let name = libevdev_event_code_get_name(UInt32(EV_KEY), UInt32(code)) else { continue }
            #expect(EventCodes.keyCode(named: String(cString: name)) == code, "\(String(cString: name))")
        }
        #expect(known > 500)
    }

    @Test(arguments: [
        ("KEY_KP5", UInt16(76)), ("KEY_NUMERIC_STAR", 522), ("KEY_HANGUEL", 122), ("KEY_HANGEUL", 122), ("BTN_0", 256),
    ])
    func aNameAndItsAliasesGiveTheirCode(name: String, code: UInt16) {
        #expect(EventCodes.keyCode(named: name) == code)
    }

    @Test func unknownNamesHaveNoCode() {
        #expect(EventCodes.keyCode(named: "KEY_NOPE") == nil)
        #expect(EventCodes.switchCode(named: "KEY_KP5") == nil)
        #expect(EventCodes.switchCode(named: "SW_LID") == 0)
    }
}
