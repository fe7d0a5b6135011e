// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import InputEvents
import Testing

/// The screen sleeps after the idle time, and wakes on a key (which types nothing), the hook,
/// a call or a notice; times are given, as a recording or the loop gives them.
@Suite("Dialer session: the screen's sleep")
struct DialerSessionSleepTests {
    static let idle = ms(120_000)

    /// A dialer that follows calls, sleeps after two minutes, its idle time started at 0.
    static func sleepy(followsCalls: Bool = true) throws -> Dialing {
        let dialing = try SessionFixtures.dialer(DialerSettings(sleepAfter: idle))
        dialing.session.followsCalls = followsCalls
        dialing.session.wake(at: 0)
        return dialing
    }

    /// A dialer asleep since `idle`, with `now` a minute later.
    static func asleep() throws -> Dialing {
        var dialing = try sleepy()
        dialing.advance(to: idle)
        dialing.now = idle + ms(60_000)
        return dialing
    }

    @Test func theScreenSleepsAfterTheIdleTimeAndThenHasNoDeadline() throws {
        var dialing = try Self.sleepy()
        #expect(dialing.session.nextDeadline == Self.idle)
        dialing.advance(to: Self.idle - 1)
        #expect(!dialing.screen.asleep)
        let fell = dialing.advance(to: Self.idle)
        #expect(dialing.screen.asleep)
        #expect(fell.count == 1 && fell.first == .screen(dialing.screen))
        // Idle means asleep: nothing is due until something happens.
        #expect(dialing.session.nextDeadline == nil)
    }

    @Test func aKeyStartsTheIdleTimeAnew() throws {
        var dialing = try Self.sleepy()
        dialing.now = ms(100_000)
        dialing.type("3")
        // The key came up 60 ms after it went down: the idle time starts from there.
        let key = ms(100_000) + Dialing.tapLength
        dialing.advance(to: Self.idle)
        #expect(!dialing.screen.asleep)
        // 30 s after the key the query clears by itself, which is no activity.
        #expect(dialing.session.nextDeadline == key + ms(30_000))
        dialing.advance(to: key + ms(30_000))
        #expect(dialing.query.isEmpty && !dialing.screen.asleep)
        dialing.advance(to: key + Self.idle - 1)
        #expect(!dialing.screen.asleep)
        dialing.advance(to: key + Self.idle)
        #expect(dialing.screen.asleep)
    }

    @Test(
        "The key that wakes the screen does nothing else, tapped or held",
        arguments: [KeyRole.digit(3), .digit(0), .dial, .star, .pound, .delete, .hangUp]
    )
    func theWakingKeyDoesNotType(role: KeyRole) throws {
        var dialing = try Self.asleep()
        let before = dialing.screen
        dialing.tap(role)
        #expect(!dialing.screen.asleep)
        var awake = before
        awake.asleep = false
        #expect(dialing.screen == awake)
        #expect(dialing.updates.allSatisfy { if case .screen = $0 { true } else { false } })
        // Held, a long press does not act either (no speed dial, no `+`).
        var held = try Self.asleep()
        held.hold(role, longer: true)
        #expect(held.screen == awake)
        #expect(held.dials.isEmpty)
    }

    @Test func theKeyAfterTheWakingOneTypes() throws {
        var dialing = try Self.asleep()
        dialing.type("3373")
        #expect(dialing.query == "373")
        #expect(dialing.screen.results.map(\.name).prefix(2) == ["Fred Sanders", "Fred Smith"])
    }

    @Test func aCallComingInWakesTheScreenAndItsKeysAct() throws {
        var dialing = try Self.asleep()
        dialing.incoming("+447700900123")
        #expect(!dialing.screen.asleep)
        #expect(dialing.screen.callHeadline == "Incoming call")
        // Awake, the dial key answers at once.
        dialing.tap(.dial)
        #expect(dialing.updates.contains { if case .answer = $0 { true } else { false } })
    }

    @Test func noSleepDuringACallAndTheIdleTimeStartsAtItsEnd() throws {
        var dialing = try Self.sleepy()
        dialing.type("373376#")
        dialing.change(.ringing)
        dialing.change(.connected)
        dialing.advance(to: ms(600_000))
        #expect(!dialing.screen.asleep)
        dialing.now = ms(600_000)
        dialing.change(.ended(.hungUpThere))
        #expect(dialing.session.nextDeadline != nil)
        dialing.advance(to: ms(600_000) + Self.idle - 1)
        #expect(!dialing.screen.asleep)
        dialing.advance(to: ms(600_000) + Self.idle)
        #expect(dialing.screen.asleep)
    }

    @Test func theHookWakesTheScreen() throws {
        var dialing = try Self.asleep()
        #expect(dialing.hook(lifted: true) == [.screen(dialing.screen)])
        #expect(!dialing.screen.asleep)
    }

    @Test func aNewNoticeWakesTheScreenAndTheSameOneDoesNot() throws {
        var dialing = try Self.sleepy()
        _ = dialing.session.setNotice("2 missed")
        // The loop's step ends by advancing to its time, which starts the idle time.
        dialing.advance(to: 0)
        dialing.advance(to: Self.idle)
        #expect(dialing.screen.asleep)
        _ = dialing.session.setNotice("2 missed")
        #expect(dialing.screen.asleep)
        _ = dialing.session.setNotice(nil)
        #expect(dialing.screen.asleep)
        _ = dialing.session.setNotice("No keypad: plug one in")
        #expect(!dialing.screen.asleep)
    }

    /// A notice comes between the loop's steps, at no time the session is told: the idle time
    /// starts at the next step's, not at the last time the session knew, long past.
    @Test func theIdleTimeOfANoticeStartsAtTheNextStep() throws {
        var dialing = try Self.asleep()
        let later = ms(3_600_000)
        _ = dialing.session.setNotice("1 missed")
        #expect(!dialing.screen.asleep)
        #expect(dialing.session.nextDeadline == nil)
        dialing.advance(to: later)
        #expect(!dialing.screen.asleep)
        #expect(dialing.session.nextDeadline == later + Self.idle)
    }

    @Test func withoutASleepTimeOrAStartTheScreenNeverSleeps() throws {
        let never = try SessionFixtures.dialer()
        never.session.wake(at: 0)
        #expect(never.session.nextDeadline == nil)
        var unstarted = try SessionFixtures.dialer(DialerSettings(sleepAfter: Self.idle))
        #expect(unstarted.session.nextDeadline == nil)
        unstarted.advance(to: ms(1_000_000))
        #expect(!unstarted.screen.asleep)
    }
}
