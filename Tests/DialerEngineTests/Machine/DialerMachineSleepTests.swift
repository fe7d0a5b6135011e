// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import InputEvents
import T9Search
import Testing

/// The screen's sleep through a keypad's raw events: the key that wakes it types nothing,
/// sounds nothing and is not held back.
@Suite("DialerMachine: the screen's sleep")
struct DialerMachineSleepTests {
    static let three = DialerMachineTests.three, seven = DialerMachineTests.seven

    func machine(index: SearchIndex = SessionFixtures.index) throws -> DialerMachine {
        let machine = DialerMachine(session: try DialerSession(index: index, settings: DialerSettings(sleepAfter: ms(120_000))))
        machine.attach(device: 1, keymap: InputFixtures.numpad, timing: KeyTiming())
        machine.session.wake(at: 0)
        return machine
    }

    @Test func theWakingKeyTypesNothingAndSoundsNothing() throws {
        let machine = try machine()
        var heard: [KeyRole] = []
        machine.keyWentDown = { heard.append($0) }
        #expect(machine.nextDeadline == ms(120_000))
        _ = machine.advance(to: ms(120_000))
        #expect(machine.session.isAsleep && machine.nextDeadline == nil)
        _ = DialerMachineTests().tap(machine, Self.three, at: ms(200_000))
        #expect(!machine.session.isAsleep)
        #expect(machine.session.screen.query.text.isEmpty && heard.isEmpty)
        _ = DialerMachineTests().tap(machine, Self.three, at: ms(200_300))
        _ = DialerMachineTests().tap(machine, Self.seven, at: ms(200_600))
        #expect(machine.session.screen.query.text == "37")
        #expect(heard == [.digit(3), .digit(7)])
    }

    /// While the book loads, the waking key is not held back for it: it would otherwise act
    /// once the book is in.
    @Test func theWakingKeyIsNotHeldBack() throws {
        let empty = SearchIndex(contacts: [], alphabet: T9Alphabet(layouts: SessionFixtures.layouts))
        let machine = try machine(index: empty)
        _ = machine.advance(to: ms(120_000))
        machine.holdBackDials()
        let dialKey: UInt16 = 96
        _ = DialerMachineTests().tap(machine, dialKey, at: ms(200_000))
        #expect(!machine.session.isAsleep)
        _ = machine.session.replaceIndex(SessionFixtures.index)
        let released = machine.stopHoldingBack(at: ms(201_000))
        #expect(released.allSatisfy { if case .screen(let screen) = $0 { screen.callLog == nil } else { false } })
    }
}
