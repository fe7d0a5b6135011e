// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import InputEvents
import Testing

/// The handset of a keypad built into a phone: lifted, it answers; replaced, it hangs up.
@Suite("Dialer session: hook switch")
struct DialerSessionHookTests {
    static let smith = DialerSessionCallTests.smith

    @Test func liftingTheHandsetAnswersACallRingingHere() throws {
        var dialing = try DialerSessionCallTests.following()
        dialing.incoming("+447700900123")
        let caller = DialRequest(name: "Fred Smith", number: "+44 7700 900123", contact: 0, uid: "smith")
        #expect(dialing.hook(lifted: true) == [.answer(caller)])
        // The line says when the call is connected; the screen waits for it.
        #expect(dialing.screen.callHeadline == "Incoming call")
    }

    @Test func replacingTheHandsetWhileACallRingsHereDoesNothing() throws {
        var dialing = try DialerSessionCallTests.following()
        dialing.incoming("+447700900123")
        #expect(dialing.hook(lifted: false).isEmpty)
        #expect(dialing.screen.callHeadline == "Incoming call")
    }

    @Test(
        "Replacing the handset hangs up a call dialled, ringing there or connected",
        arguments: [[], [FollowedCall.Change.ringing], [.ringing, .connected]]
    )
    func replacingTheHandsetHangsUp(changes: [FollowedCall.Change]) throws {
        var dialing = try DialerSessionCallTests.following()
        dialing.type("373376#")
        for change in changes { dialing.change(change) }
        #expect(dialing.hook(lifted: false) == [.hangUp(Self.smith)])
    }

    @Test func liftingTheHandsetDuringACallDoesNothing() throws {
        var dialing = try DialerSessionCallTests.connected()
        #expect(dialing.hook(lifted: true).isEmpty)
    }

    @Test func withNoCallTheHookChangesNothing() throws {
        var dialing = try DialerSessionCallTests.following()
        dialing.type("373")
        let screen = dialing.screen
        #expect(dialing.hook(lifted: true).isEmpty)
        #expect(dialing.hook(lifted: false).isEmpty)
        #expect(dialing.screen == screen)
        // Nor once a call is over and shown as ended.
        var ended = try DialerSessionCallTests.connected()
        ended.change(.ended(.hungUpThere))
        #expect(ended.hook(lifted: false).isEmpty)
        #expect(ended.hook(lifted: true).isEmpty)
    }

    @Test func timersDueBeforeTheChangeRunFirst() throws {
        var dialing = try DialerSessionCallTests.connected()
        let connected = dialing.screen.callHeadline
        dialing.now += 5_000_000
        let updates = dialing.hook(lifted: false)
        // The clock's screens up to the change, then the hang-up.
        #expect(updates.last == .hangUp(Self.smith))
        #expect(updates.count > 1)
        #expect(dialing.screen.callHeadline != connected)
    }
}

extension Dialing {
    /// The hook switch settled, lifted or replaced, at `now`; moves `now` on a little.
    @discardableResult
    mutating func hook(lifted: Bool) -> [DialerUpdate] {
        let produced = session.hookChanged(lifted: lifted, at: now)
        updates += produced
        now += ms(100)
        return produced
    }
}
