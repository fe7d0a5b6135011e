// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import InputEvents
import Testing

/// What the help line calls a keymap's keys, and the roles of the keys of a call.
@Suite("Keymap labels and the keys of a call")
struct KeymapLabelsTests {
    @Test(arguments: [
        ("KEY_KPENTER", "Enter"), ("KEY_KPSLASH", "/"), ("KEY_KPPLUS", "+"), ("KEY_KPMINUS", "-"), ("KEY_BACKSPACE", "Bksp"),
        ("KEY_VOLUMEUP", "Vol+"), ("KEY_DOWN", "Down"), ("KEY_NUMERIC_STAR", "*"), ("KEY_F5", "F5"), ("KEY_ESC", "Esc"),
    ])
    func aKeyIsCalledByItsShortName(_ name: String, _ label: String) throws {
        let code = try #require(EventCodes.keyCode(named: name))
        let keymap = Keymap(id: "test", name: "test", roles: [code: .mute])
        #expect(keymap.roleLabels == [.mute: label])
    }

    @Test func ofSeveralKeysWithOneRoleTheShortestNameIsTaken() throws {
        let enter = try #require(EventCodes.keyCode(named: "KEY_ENTER"))
        let ok = try #require(EventCodes.keyCode(named: "KEY_OK"))
        let phone = try #require(EventCodes.keyCode(named: "KEY_PHONE"))
        #expect(Keymap(id: "test", name: "test", roles: [enter: .dial, ok: .dial, phone: .dial]).roleLabels == [.dial: "Ok"])
    }

    @Test(arguments: [
        ("swap", KeyRole.swap), ("hold", .hold), ("reject", .reject), ("mute", .mute), ("volume_up", .volumeUp),
        ("volume_down", .volumeDown),
    ])
    func theKeysOfACallAreKeymapRoles(_ value: String, _ role: KeyRole) {
        #expect(KeyRole(keymapValue: value) == role)
        #expect(role.description == value)
    }

    @Test func theMachineTakesTheLabelsOfItsKeypadsKeymaps() throws {
        let session = try DialerSession(index: SessionFixtures.index)
        let machine = DialerMachine(session: session)
        let slash = try #require(EventCodes.keyCode(named: "KEY_KPSLASH"))
        machine.attach(device: 1, keymap: Keymap(id: "pad", name: "pad", roles: [slash: .switchMode]), timing: KeyTiming())
        #expect(session.keyLabels[.switchMode] == "/")
    }
}
