// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import InputEvents
import Testing

/// The hook switch's state from its events, its bounce dropped, on the events' own clock.
@Suite("Hook debouncer")
struct HookDebouncerTests {
    /// SW_KEYPAD_SLIDE (0x0a), on while the handset is lifted.
    static let hook = HookSwitch.switch(0x0a, liftedValue: 1)

    static func event(_ value: Int32, at time: Microseconds, hook: HookSwitch = hook) -> InputEvent {
        InputEvent(time: time, type: hook.type, code: hook.code, value: value)
    }

    @Test func aNewStateCountsOnceItHasHeldForTheSettleTime() {
        var debouncer = HookDebouncer(hook: Self.hook)
        debouncer.start(lifted: false)
        #expect(debouncer.handle(Self.event(1, at: ms(100))).isEmpty)
        #expect(debouncer.nextDeadline == ms(130))
        #expect(debouncer.advance(to: ms(129)).isEmpty)
        #expect(debouncer.isLifted == false)
        #expect(debouncer.advance(to: ms(130)) == [HookDebouncer.Change(lifted: true, time: ms(130))])
        #expect(debouncer.isLifted == true)
        #expect(debouncer.nextDeadline == nil)
    }

    @Test func bounceBackBeforeTheSettleTimeIsNoChange() {
        var debouncer = HookDebouncer(hook: Self.hook)
        debouncer.start(lifted: false)
        // A handset dropped on its cradle jumps up for 12 ms.
        #expect(debouncer.handle(Self.event(1, at: ms(100))).isEmpty)
        #expect(debouncer.handle(Self.event(0, at: ms(112))).isEmpty)
        #expect(debouncer.nextDeadline == nil)
        #expect(debouncer.advance(to: ms(1_000)).isEmpty)
        #expect(debouncer.isLifted == false)
    }

    @Test func chatterRestartsTheSettleTimeFromTheLastChange() {
        var debouncer = HookDebouncer(hook: Self.hook)
        debouncer.start(lifted: true)
        var changes = debouncer.handle(Self.event(0, at: ms(0)))
        changes += debouncer.handle(Self.event(1, at: ms(4)))
        changes += debouncer.handle(Self.event(0, at: ms(9)))
        // A repeated value (a resync) does not move the start on.
        changes += debouncer.handle(Self.event(0, at: ms(20)))
        #expect(changes.isEmpty)
        #expect(debouncer.nextDeadline == ms(39))
        // The next event comes after the deadline: the change is stamped with when it settled.
        #expect(debouncer.handle(Self.event(0, at: ms(500))) == [HookDebouncer.Change(lifted: false, time: ms(39))])
    }

    @Test func theStateReadAtStartIsNoChangeAndEndsWhatWasSettling() {
        var debouncer = HookDebouncer(hook: Self.hook)
        #expect(debouncer.isLifted == nil)
        _ = debouncer.handle(Self.event(1, at: ms(0)))
        debouncer.start(lifted: true)
        #expect(debouncer.nextDeadline == nil)
        #expect(debouncer.isLifted == true)
        // Already lifted: the same value again changes nothing.
        #expect(debouncer.handle(Self.event(1, at: ms(100))).isEmpty)
        #expect(debouncer.nextDeadline == nil)
    }

    @Test func withNoStateReadTheFirstSettledStateIsAChange() {
        var debouncer = HookDebouncer(hook: Self.hook)
        _ = debouncer.handle(Self.event(0, at: ms(0)))
        #expect(debouncer.advance(to: ms(30)) == [HookDebouncer.Change(lifted: false, time: ms(30))])
    }

    @Test func polarityAndAKeysAutorepeat() {
        // KEY_PICKUP_PHONE, down (1, or autorepeat 2) while the handset rests.
        let key = HookSwitch.key(0x1bd, liftedValue: 0, settle: 0)
        var debouncer = HookDebouncer(hook: key)
        debouncer.start(lifted: false)
        #expect(debouncer.handle(Self.event(2, at: ms(10), hook: key)).isEmpty)
        #expect(debouncer.handle(Self.event(0, at: ms(20), hook: key)) == [HookDebouncer.Change(lifted: true, time: ms(20))])
        #expect(debouncer.handle(Self.event(1, at: ms(30), hook: key)) == [HookDebouncer.Change(lifted: false, time: ms(30))])
    }

    @Test func otherEventsOnlyMoveTimeOn() {
        var debouncer = HookDebouncer(hook: Self.hook)
        debouncer.start(lifted: false)
        _ = debouncer.handle(Self.event(1, at: ms(0)))
        // SW_LID, and a key with the hook's code: neither is the hook.
        #expect(debouncer.handle(InputEvent(time: ms(10), type: EventType.switch, code: 0, value: 0)).isEmpty)
        #expect(debouncer.handle(.key(0x0a, 0, at: ms(20))).isEmpty)
        #expect(debouncer.handle(.key(2, 1, at: ms(40))) == [HookDebouncer.Change(lifted: true, time: ms(30))])
    }
}
