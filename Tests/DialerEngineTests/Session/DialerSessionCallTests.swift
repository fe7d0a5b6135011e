// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import DialerEngine
import InputEvents
import T9Search
import Testing

/// The session with a line that follows its calls (`followsCalls`): what the screen shows as
/// the call goes, and what keys do during it.
@Suite("Dialer session: followed calls")
struct DialerSessionCallTests {
    static let smith = DialRequest(name: "Fred Smith", number: "+44 7700 900123", contact: 0, uid: "smith")

    static func following() throws -> Dialing {
        let dialing = try SessionFixtures.dialer()
        dialing.session.followsCalls = true
        return dialing
    }

    /// Dials Fred Smith (373376#) and has the line say it rings and is answered.
    static func connected() throws -> Dialing {
        var dialing = try Self.following()
        dialing.type("373376#")
        dialing.change(.ringing)
        dialing.change(.connected)
        return dialing
    }

    @Test func aDialShowsCallingThenRingingThenConnectedWithItsClock() throws {
        var dialing = try Self.following()
        dialing.type("373376#")
        #expect(dialing.dials == [Self.smith])
        #expect(dialing.screen.callHeadline == "Calling")
        // The query waits until the call goes out.
        #expect(dialing.query == "373376")
        dialing.change(.ringing)
        #expect(dialing.screen.callHeadline == "Ringing")
        #expect(dialing.query == "")
        dialing.change(.connected)
        let answered = dialing.now - ms(100)
        #expect(dialing.screen.callHeadline == "Connected 0:00")
        // The session wakes each second to move the clock on, and nothing else ends the call.
        #expect(dialing.session.nextDeadline == answered + 1_000_000)
        dialing.advance(to: answered + 42_500_000)
        #expect(dialing.screen.callHeadline == "Connected 0:42")
        #expect(dialing.session.nextDeadline == answered + 43_000_000)
        // Long past the idle clear (30 s) the call is still on screen.
        dialing.advance(to: answered + 600_000_000)
        #expect(dialing.screen.calling == Self.smith)
    }

    @Test func theEndIsReportedForTheHistoryThenShownThenTheDialerIsBack() throws {
        var dialing = try Self.connected()
        let answered = dialing.now - ms(100)
        dialing.now += 67_000_000
        // The clock's screens up to the end come first (one a second), then the record, then the end.
        let ended = Array(dialing.change(.ended(.hungUpThere)).suffix(2))
        guard case .callEnded(let record) = ended[0], case .screen(let screen) = ended[1] else {
            Issue.record("expected the record then the screen: \(ended)")
            return
        }
        #expect(record.outcome == .answered)
        #expect(record.connectedTime == dialing.now - ms(100) - answered)
        #expect(record.request == Self.smith)
        #expect(screen.callHeadline == "Call ended 1:07")
        // Shown for `endedCallShown` (4 s), then the dialer.
        let endedAt = dialing.now - ms(100)
        #expect(dialing.session.nextDeadline == endedAt + 4_000_000)
        dialing.advance(to: endedAt + 3_999_999)
        #expect(dialing.screen.calling == Self.smith)
        dialing.advance(to: endedAt + 4_000_000)
        #expect(dialing.screen.calling == nil)
        #expect(dialing.session.nextDeadline == nil)
    }

    @Test func aBusyCallKeepsTheQueryToTryAgain() throws {
        var dialing = try Self.following()
        dialing.type("373376#")
        dialing.change(.ended(.busy))
        #expect(dialing.screen.callHeadline == "Busy")
        #expect(dialing.query == "373376")
        // A key leaves the screen at once, and the query is there.
        dialing.press(.next)
        #expect(dialing.screen.calling == nil)
        #expect(dialing.query == "373376")
    }

    @Test func digitsStarAndPoundAreSentAsTonesDuringTheCall() throws {
        var dialing = try Self.connected()
        let before = dialing.updates.count
        dialing.type("5*#0")
        let tones = dialing.updates[before...].compactMap { if case .sendTones(let tones) = $0 { tones } else { nil } }
        #expect(tones == ["5", "*", "#", "0"])
        #expect(dialing.dials == [Self.smith])
        #expect(dialing.query == "")
        #expect(dialing.screen.callHeadline.hasPrefix("Connected"))
    }

    @Test func noTonesBeforeTheCallIsConnected() throws {
        var dialing = try Self.following()
        dialing.type("373376#")
        let before = dialing.updates.count
        dialing.type("5")
        dialing.press(.dial)
        #expect(!dialing.updates[before...].contains { if case .sendTones = $0 { true } else { false } })
        #expect(dialing.dials == [Self.smith])
    }

    @Test(arguments: [true, false])
    func theHangUpKeyOrPoundHeldEndsTheCall(withHangUpKey: Bool) throws {
        var dialing = try Self.connected()
        let before = dialing.updates.count
        if withHangUpKey { dialing.press(.hangUp) } else { dialing.hold(.pound) }
        let hangUps = dialing.updates[before...].filter { update in if case .hangUp = update { true } else { false } }
        #expect(hangUps == [DialerUpdate.hangUp(Self.smith)])
        // The screen shows the call until the line says it is over.
        #expect(dialing.screen.calling == Self.smith)
        dialing.change(.ended(.hungUpHere))
        #expect(dialing.screen.callHeadline.hasPrefix("Call ended"))
    }

    @Test func hangingUpWhileItRingsEndsTheDial() throws {
        var dialing = try Self.following()
        dialing.type("373376#")
        dialing.change(.ringing)
        dialing.press(.hangUp)
        #expect(dialing.updates.contains(.hangUp(Self.smith)))
    }

    @Test func anIncomingCallFromTheBookShowsTheContactsName() throws {
        var dialing = try Self.following()
        dialing.type("37")
        dialing.incoming("+447700900123")
        #expect(dialing.screen.callHeadline == "Incoming call")
        #expect(dialing.screen.calling?.name == "Fred Smith")
        #expect(dialing.screen.calling?.uid == "smith")
        // Answered with the dial key; the line then says it is connected.
        dialing.press(.dial)
        #expect(dialing.updates.last(where: { if case .answer = $0 { true } else { false } }) == .answer(dialing.screen.calling!))
        dialing.change(.connected)
        #expect(dialing.screen.callHeadline == "Connected 0:00")
        dialing.change(.ended(.hungUpThere))
        // The query typed before the call is still there behind it.
        dialing.press(.next)
        #expect(dialing.query == "37")
    }

    @Test func poundTappedAnswersAndHangUpRejects() throws {
        var dialing = try Self.following()
        dialing.incoming("+447700900123")
        dialing.tap(.pound)
        #expect(dialing.updates.contains { if case .answer = $0 { true } else { false } })
        var rejecting = try Self.following()
        rejecting.incoming("+447700900123")
        rejecting.press(.hangUp)
        #expect(rejecting.updates.contains { if case .hangUp = $0 { true } else { false } })
        let ended = rejecting.change(.ended(.hungUpHere))
        #expect(ended.contains { if case .callEnded(let record) = $0 { record.outcome == .rejected } else { false } })
        #expect(rejecting.screen.callHeadline == "Rejected")
    }

    @Test func anUnknownCallerIsShownByNumberAndAWithheldOneSaysSo() throws {
        var dialing = try Self.following()
        dialing.incoming("+44 20 7946 0999")
        #expect(dialing.screen.calling == DialRequest(number: "+44 20 7946 0999"))
        var withheld = try Self.following()
        withheld.incoming("")
        #expect(withheld.screen.calling?.number == "Unknown number")
    }

    @Test func aSecondIncomingCallDuringACallChangesNothing() throws {
        var dialing = try Self.connected()
        let screen = dialing.screen
        #expect(dialing.incoming("+61 2 9374 4000").isEmpty)
        #expect(dialing.screen == screen)
    }

    @Test func aCallerIsFoundByTheNumberAsTheirRegionDialsIt() throws {
        let contacts = [SessionFixtures.contact("Fred Sanders", "0121 496 0000", uid: "sanders")]
        let region = DialingRegion("GB")!
        let index = SearchIndex(
            contacts: contacts, alphabet: T9Alphabet(layouts: SessionFixtures.layouts), options: SearchOptions(region: region))
        var dialing = Dialing(session: try DialerSession(index: index))
        dialing.session.followsCalls = true
        dialing.incoming("+441214960000")
        #expect(dialing.screen.calling?.name == "Fred Sanders")
    }

    @Test func aMissedCallIsRecordedAsMissed() throws {
        var dialing = try Self.following()
        dialing.incoming("+447700900123")
        let ended = dialing.change(.ended(.hungUpThere))
        #expect(ended.contains { if case .callEnded(let record) = $0 { record.outcome == .missed && record.direction == .incoming } else { false } })
        #expect(dialing.screen.callHeadline == "Missed call")
    }
}

/// Whom the screen shows for a call coming in: the contact with the number as the book writes
/// it, the network's name for a caller not in the book, and a caller who rang while the book
/// loaded named once it is in.
@Suite("Calls coming in: who calls")
struct DialerSessionCallerTests {
    @Test(
        arguments: [
            ("+447700900123", nil, DialRequest(name: "Fred Smith", number: "+44 7700 900123", contact: 0, uid: "smith")),
            ("07700 900123", "Someone", DialRequest(name: "Fred Smith", number: "+44 7700 900123", contact: 0, uid: "smith")),
            ("+44 20 7946 0000", "Ann Other", DialRequest(name: "Ann Other", number: "+44 20 7946 0000")),
            ("+44 20 7946 0000", "", DialRequest(number: "+44 20 7946 0000")),
            ("", nil, DialRequest(number: "Unknown number")),
        ] as [(String, String?, DialRequest)])
    func theCallerAsTheBookWritesThem(number: String, networkName: String?, shown: DialRequest) throws {
        let index = SearchIndex(
            contacts: SessionFixtures.contacts, alphabet: T9Alphabet(layouts: SessionFixtures.layouts),
            options: SearchOptions(region: DialingRegion("GB")!))
        var dialing = Dialing(session: try DialerSession(index: index))
        dialing.session.followsCalls = true
        dialing.incoming(number, name: networkName)
        #expect(dialing.session.screen.calling == shown)
    }

    @Test func aCallerWhoRangWhileTheBookLoadedIsNamedOnceItIsIn() throws {
        let empty = SearchIndex(contacts: [], alphabet: T9Alphabet(layouts: SessionFixtures.layouts))
        var dialing = Dialing(session: try DialerSession(index: empty))
        dialing.session.followsCalls = true
        dialing.incoming("+447700900123")
        #expect(dialing.session.screen.calling == DialRequest(number: "+447700900123"))
        _ = dialing.session.replaceIndex(SessionFixtures.index)
        #expect(dialing.session.screen.calling?.name == "Fred Smith")
        // The caller gives up: the missed call is his, in the history too.
        let ended = dialing.change(.ended(.hungUpThere))
        let record = ended.compactMap { if case .callEnded(let record) = $0 { record } else { nil } }.first
        #expect(record?.request.uid == "smith")
        #expect(record?.outcome == .missed)
    }

    @Test func aMissedCallShownWhileTheBookLoadedIsNamedOnceItIsIn() throws {
        let empty = SearchIndex(contacts: [], alphabet: T9Alphabet(layouts: SessionFixtures.layouts))
        var dialing = Dialing(session: try DialerSession(index: empty))
        dialing.session.followsCalls = true
        dialing.incoming("+447700900123")
        dialing.change(.ended(.hungUpThere))
        #expect(dialing.session.screen.callHeadline == "Missed call")
        _ = dialing.session.replaceIndex(SessionFixtures.index)
        #expect(dialing.session.screen.calling?.name == "Fred Smith")
        #expect(dialing.session.screen.callHeadline == "Missed call")
    }
}

extension Dialing {
    /// Tells the session, at `now`, what the line says of the call; moves `now` on a little.
    @discardableResult
    mutating func change(_ change: FollowedCall.Change) -> [DialerUpdate] {
        let produced = session.callChanged(change, at: now)
        updates += produced
        now += ms(100)
        return produced
    }

    /// A call rings here at `now` from `number`.
    @discardableResult
    mutating func incoming(_ number: String, name: String? = nil) -> [DialerUpdate] {
        let produced = session.incomingCall(number: number, networkName: name, at: now)
        updates += produced
        now += ms(100)
        return produced
    }
}
