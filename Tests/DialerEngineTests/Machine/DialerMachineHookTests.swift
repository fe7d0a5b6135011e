// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import InputEvents
import Testing

/// A keypad built into a phone: its hook switch's events go to the hook, not to the keys.
@Suite("DialerMachine: hook switch")
struct DialerMachineHookTests {
    /// SW_KEYPAD_SLIDE, on while the handset is lifted.
    static let switchHook = HookSwitch.switch(0x0a, liftedValue: 1)
    /// KEY_PICKUP_PHONE, down while the handset rests on it.
    static let keyHook = HookSwitch.key(0x1bd, liftedValue: 0)

    /// A machine following calls, with the numpad and `hook` attached as device 1.
    func machine(hook: HookSwitch = switchHook) throws -> DialerMachine {
        let machine = DialerMachine(session: try DialerSession(index: SessionFixtures.index))
        machine.session.followsCalls = true
        var keymap = InputFixtures.numpad
        keymap.hook = hook
        machine.attach(device: 1, keymap: keymap, timing: KeyTiming())
        return machine
    }

    func hookEvent(_ value: Int32, at time: Microseconds, hook: HookSwitch = switchHook) -> InputEvent {
        InputEvent(time: time, type: hook.type, code: hook.code, value: value)
    }

    @Test func liftingTheHandsetAnswersOnceTheSwitchHasSettled() throws {
        let machine = try machine()
        machine.hookRead(lifted: false, on: 1)
        _ = machine.session.incomingCall(number: "+447700900123", networkName: nil, at: ms(1_000))
        #expect(machine.handle(hookEvent(1, at: ms(2_000)), from: 1).isEmpty)
        #expect(machine.nextDeadline == ms(2_030))
        let updates = machine.advance(to: ms(2_030))
        #expect(updates.contains { if case .answer(let request) = $0 { request.name == "Fred Smith" } else { false } })
        #expect(machine.isHandsetLifted(on: 1) == true)
    }

    @Test func aHandsetLiftedAtStartAnswersNothing() throws {
        let machine = try machine()
        _ = machine.session.incomingCall(number: "+447700900123", networkName: nil, at: ms(1_000))
        machine.hookRead(lifted: true, on: 1)
        #expect(machine.isHandsetLifted(on: 1) == true)
        #expect(machine.nextDeadline == nil)
        // The same state again, as a resync repeats it, is no lift either.
        #expect(machine.handle(hookEvent(1, at: ms(1_100)), from: 1).isEmpty)
        #expect(machine.advance(to: ms(5_000)).allSatisfy { if case .answer = $0 { false } else { true } })
    }

    @Test func replacingTheHandsetHangsUpAndItsBounceIsDropped() throws {
        let machine = try machine(hook: Self.keyHook)
        machine.hookRead(lifted: true, on: 1)
        // Dial 373376# (Fred Smith) on the numpad.
        var time = ms(0)
        for code: UInt16 in [81, 71, 81, 81, 71, 77, 83] {
            _ = machine.handle(.key(code, KeyValue.press, at: time), from: 1)
            _ = machine.handle(.key(code, KeyValue.release, at: time + ms(60)), from: 1)
            time += ms(200)
        }
        // # dials once its release has waited out the chatter window.
        _ = machine.advance(to: time)
        #expect(machine.session.hasLiveCall)
        // The handset lands and jumps up once: down 12 ms, up 5 ms, then down for good.
        var updates = machine.handle(hookEvent(1, at: ms(3_000), hook: Self.keyHook), from: 1)
        updates += machine.handle(hookEvent(0, at: ms(3_012), hook: Self.keyHook), from: 1)
        updates += machine.handle(hookEvent(1, at: ms(3_017), hook: Self.keyHook), from: 1)
        updates += machine.advance(to: ms(3_046))
        #expect(updates.isEmpty)
        updates = machine.advance(to: ms(3_047))
        #expect(updates.filter { if case .hangUp = $0 { true } else { false } }.count == 1)
    }

    @Test func theHooksKeyIsNoKeyAndOtherDevicesHaveNoHook() throws {
        let machine = try machine(hook: HookSwitch.key(81, liftedValue: 1))
        machine.attach(device: 2, keymap: InputFixtures.numpad, timing: KeyTiming())
        // KEY_KP3 is device 1's hook: it types nothing there, and 3 on device 2.
        _ = machine.handle(.key(81, KeyValue.press, at: ms(0)), from: 1)
        _ = machine.handle(.key(81, KeyValue.release, at: ms(60)), from: 1)
        _ = machine.advance(to: ms(200))
        #expect(machine.session.screen.query.text == "")
        _ = machine.handle(.key(81, KeyValue.press, at: ms(300)), from: 2)
        _ = machine.handle(.key(81, KeyValue.release, at: ms(360)), from: 2)
        #expect(machine.session.screen.query.text == "3")
        #expect(machine.isHandsetLifted(on: 2) == nil)
    }

    @Test func unpluggedTheHookIsForgottenNotReplaced() throws {
        let machine = try machine()
        machine.hookRead(lifted: true, on: 1)
        _ = machine.session.incomingCall(number: "+447700900123", networkName: nil, at: ms(0))
        _ = machine.handle(hookEvent(0, at: ms(100)), from: 1)
        let updates = machine.detach(device: 1, at: ms(110))
        #expect(machine.isHandsetLifted(on: 1) == nil)
        #expect(machine.nextDeadline == nil)
        #expect(updates.allSatisfy { if case .hangUp = $0 { false } else { true } })
    }
}
