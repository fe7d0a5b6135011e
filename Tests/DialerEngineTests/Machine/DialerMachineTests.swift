// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import T9Search
import Testing
import InputEvents

/// Keypads' raw events through their interpreters into one session.
@Suite("DialerMachine")
struct DialerMachineTests {
    /// KEY_KP3, KP7, KP4, KP6, KPDOT (#) of the test numpad keymap.
    static let three: UInt16 = 81, seven: UInt16 = 71, four: UInt16 = 75, six: UInt16 = 77

    /// A machine over the session fixtures' book, with one numpad attached as device 1.
    func machine() throws -> DialerMachine {
        let machine = DialerMachine(session: try DialerSession(index: SessionFixtures.index))
        machine.attach(device: 1, keymap: InputFixtures.numpad, timing: KeyTiming())
        return machine
    }

    /// Presses and releases `code` on `device` from `time` for `length`.
    func tap(_ machine: DialerMachine, _ code: UInt16, at time: Microseconds, length: Microseconds = ms(60), device: Int = 1) -> [DialerUpdate] {
        machine.handle(.key(code, KeyValue.press, at: time), from: device)
            + machine.handle(.key(code, KeyValue.release, at: time + length), from: device)
    }

    @Test func keysTypeTheQuery() throws {
        let machine = try machine()
        _ = tap(machine, Self.three, at: ms(0))
        _ = tap(machine, Self.seven, at: ms(200))
        _ = tap(machine, Self.three, at: ms(400))
        #expect(machine.session.screen.query.text == "373")
        #expect(machine.session.screen.results.map(\.name).prefix(2) == ["Fred Sanders", "Fred Smith"])
    }

    /// While the book loads at start, the query is typed at once, but a key that acts on the
    /// results (and every key after it) waits for the book: a dial then calls the contact the
    /// query finds, not the digits typed.
    @Test func keysThatActOnResultsWaitForTheBook() throws {
        let machine = DialerMachine(
            session: try DialerSession(index: SearchIndex(contacts: [], alphabet: T9Alphabet(layouts: SessionFixtures.layouts))))
        machine.attach(device: 1, keymap: InputFixtures.numpad, timing: KeyTiming())
        machine.holdBackDials()
        _ = tap(machine, Self.three, at: ms(0))
        _ = tap(machine, Self.seven, at: ms(200))
        let dialKey: UInt16 = 96, star: UInt16 = 55
        var held = tap(machine, star, at: ms(400)) + tap(machine, dialKey, at: ms(600))
        held += tap(machine, Self.three, at: ms(800))
        #expect(!held.contains { if case .dial = $0 { true } else { false } })
        #expect(machine.session.screen.query.text == "37")

        _ = machine.session.replaceIndex(SessionFixtures.index)
        let released = machine.stopHoldingBack(at: ms(1_000))
        // * moved to the second result, dial called it, and 3 typed after the dial.
        let dialled = released.compactMap { if case .dial(let request) = $0 { request.name } else { nil } }
        #expect(dialled == ["Fred Smith"])
        #expect(!machine.holdsBackDials)
    }

    /// A book that cannot be read drops the keys held back: no dial of the digits typed.
    @Test func keysHeldBackAreDroppedWhenTheBookDoesNotLoad() throws {
        let machine = try machine()
        machine.holdBackDials()
        _ = tap(machine, Self.three, at: ms(0))
        let held = tap(machine, 96, at: ms(200))
        machine.dropHeldBack()
        #expect(held.isEmpty)
        #expect(machine.advance(to: ms(5_000)).allSatisfy { if case .dial = $0 { false } else { true } })
        #expect(machine.session.screen.query.text == "3")
        #expect(!machine.holdsBackDials)
    }

    @Test func aKeypadUnpluggedMidPressKeepsTheQueryAndTypingGoesOnAfterReplug() throws {
        let machine = try machine()
        _ = tap(machine, Self.four, at: ms(0))
        _ = machine.handle(.key(InputFixtures.numpad.roles.first { $0.value == .star }!.key, KeyValue.press, at: ms(300)), from: 1)
        // Unplugged with * down: no tap (that would select the next result), no hold afterwards.
        let atUnplug = machine.detach(device: 1, at: ms(400))
        #expect(!atUnplug.contains { if case .dial = $0 { true } else { false } })
        #expect(machine.devices.isEmpty)
        #expect(machine.advance(to: ms(10_000)).allSatisfy { if case .screen(let screen) = $0 { screen.query.text == "4" } else { false } })
        #expect(machine.session.screen.query.text == "4")
        #expect(machine.session.screen.selection == machine.session.screen.results.indices.first)

        machine.attach(device: 2, keymap: InputFixtures.numpad, timing: KeyTiming())
        _ = tap(machine, Self.six, at: ms(11_000), device: 2)
        #expect(machine.session.screen.query.text == "46")
    }

    @Test func eventsOfAnUnknownDeviceAreIgnored() throws {
        let machine = try machine()
        _ = tap(machine, Self.three, at: ms(0), device: 9)
        #expect(machine.session.screen.query.text.isEmpty)
    }

    @Test func holdTimersFireAtTheirTimeAndBeforeLaterKeys() throws {
        let machine = try machine()
        _ = tap(machine, Self.three, at: ms(0))
        // * goes down at 100 ms; its hold (delete) is due at 600 ms, before the next key.
        let star = InputFixtures.numpad.roles.first { $0.value == .star }!.key
        _ = machine.handle(.key(star, KeyValue.press, at: ms(100)), from: 1)
        #expect(machine.nextDeadline != nil)
        _ = machine.handle(.key(star, KeyValue.release, at: ms(700)), from: 1)
        #expect(machine.session.screen.query.text.isEmpty)
        _ = tap(machine, Self.seven, at: ms(800))
        #expect(machine.session.screen.query.text == "7")
    }

    @Test func twoKeypadsTypeIntoOneQueryEachWithItsOwnDebouncing() throws {
        let machine = try machine()
        machine.attach(device: 2, keymap: InputFixtures.numpad, timing: KeyTiming())
        // The same key on two keypads 5 ms apart is two presses, not chatter.
        _ = machine.handle(.key(Self.three, KeyValue.press, at: ms(0)), from: 1)
        _ = machine.handle(.key(Self.three, KeyValue.press, at: ms(5)), from: 2)
        _ = machine.handle(.key(Self.three, KeyValue.release, at: ms(60)), from: 1)
        _ = machine.handle(.key(Self.three, KeyValue.release, at: ms(65)), from: 2)
        _ = machine.advance(to: ms(200))
        #expect(machine.session.screen.query.text == "33")
    }

    @Test func nextDeadlineIsTheEarliestOfKeysAndSession() throws {
        let machine = try machine()
        #expect(machine.nextDeadline == nil)
        _ = machine.handle(.key(Self.three, KeyValue.press, at: ms(0)), from: 1)
        // The hold of 3 (500 ms) comes before the idle clear (30 s).
        #expect(machine.nextDeadline == ms(500))
        _ = machine.handle(.key(Self.three, KeyValue.release, at: ms(60)), from: 1)
        // The release waits out the chatter window, then only the idle clear is left: 30 s
        // from the last key event, the release.
        #expect(machine.nextDeadline == ms(75))
        _ = machine.advance(to: ms(75))
        #expect(machine.nextDeadline == ms(30_060))
        _ = machine.advance(to: ms(30_059))
        #expect(machine.session.screen.query.text == "3")
        _ = machine.advance(to: ms(30_060))
        #expect(machine.session.screen.query.text.isEmpty)
        #expect(machine.nextDeadline == nil)
    }
}
