// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import DialerEngine
import InputEvents
import T9Search
import Testing

/// The call key on an empty query: the call log, moved through and called from; redial.
@Suite("Dialer session: the call log and redial")
struct DialerSessionCallLogTests {
    /// 29 November 2026, 10:30 UTC, at the session's time 0.
    static let wallClock = WallClock(monotonic: 0, unixSeconds: 1_795_948_200)

    /// Newest first: a typed number dialled at 10:00, Fred Smith's missed call on Friday, a
    /// call to Zoë Adams on 3 November (she is "adams" in the book), and an unknown caller
    /// with a SIP display name.
    static let calls = [
        RecentCall(number: "+353 1 234 5678", direction: .outgoing, outcome: "placed", time: 1_795_946_400),
        RecentCall(uid: "smith", number: "+44 7700 900123", direction: .incoming, outcome: "missed", time: 1_795_773_600),
        RecentCall(uid: "adams", number: "+61 2 9374 4000", direction: .outgoing, outcome: "answered", time: 1_793_700_000),
        RecentCall(number: "+1 555 0100", name: "Front Desk", direction: .incoming, outcome: "missed", time: 1_793_600_000),
    ]

    static func withCalls(_ calls: [RecentCall] = calls, following: Bool = false) throws -> Dialing {
        var dialing = try SessionFixtures.dialer()
        dialing.session.followsCalls = following
        dialing.updates += dialing.session.setRecentCalls(calls, wallClock: wallClock)
        return dialing
    }

    @Test func theCallKeyOnAnEmptyQueryListsTheRecentCallsNewestFirst() throws {
        var dialing = try Self.withCalls()
        dialing.press(.dial)
        let log = try #require(dialing.screen.callLog)
        #expect(log.title == "Calls")
        #expect(log.selection == 0)
        #expect(
            log.rows == [
                CallLogRow(
                    name: nil, number: "+353 1 234 5678", direction: .outgoing, outcome: "placed", when: "10:00", isMissed: false,
                    wentThrough: true),
                CallLogRow(
                    name: "Fred Smith", number: "+44 7700 900123", uid: "smith", direction: .incoming, outcome: "missed", when: "Fri",
                    isMissed: true, wentThrough: false),
                CallLogRow(
                    name: "Zoë Adams", number: "+61 2 9374 4000", uid: "adams", direction: .outgoing, outcome: "answered", when: "3 Nov",
                    isMissed: false, wentThrough: true),
                CallLogRow(
                    name: "Front Desk", number: "+1 555 0100", direction: .incoming, outcome: "missed", when: "2 Nov", isMissed: true,
                    wentThrough: false),
            ])
        #expect(dialing.dials.isEmpty)
    }

    @Test(
        arguments: [
            // Two presses of the call key redial the last number.
            ([.press(.dial), .press(.dial)], DialRequest(number: "+353 1 234 5678")),
            // `#` tapped is the call key too.
            ([.tap(.pound), .tap(.pound)], DialRequest(number: "+353 1 234 5678")),
            // Next (and `*`) move down, wrapping; previous moves up.
            ([.press(.dial), .press(.next), .press(.dial)], DialRequest(name: "Fred Smith", number: "+44 7700 900123", contact: 0, uid: "smith")),
            ([.press(.dial), .tap(.star), .tap(.star), .tap(.pound)], DialRequest(name: "Zoë Adams", number: "+61 2 9374 4000", contact: 4, uid: "adams")),
            ([.press(.dial), .press(.previous), .press(.dial)], DialRequest(name: "Front Desk", number: "+1 555 0100")),
            (
                [.press(.dial), .press(.previous), .press(.next), .press(.next), .press(.dial)],
                DialRequest(name: "Fred Smith", number: "+44 7700 900123", contact: 0, uid: "smith")
            ),
        ] as [([LogKey], DialRequest)])
    func theCallKeyAgainCallsTheSelectedCall(keys: [LogKey], expected: DialRequest) throws {
        var dialing = try Self.withCalls()
        for key in keys { key.send(to: &dialing) }
        #expect(dialing.dials == [expected])
        #expect(dialing.screen.callLog == nil)
        #expect(dialing.screen.calling == expected)
    }

    @Test func aFollowedRedialShowsTheCallAsItGoes() throws {
        var dialing = try Self.withCalls(following: true)
        dialing.press(.dial)
        dialing.press(.dial)
        #expect(dialing.dials == [DialRequest(number: "+353 1 234 5678")])
        #expect(dialing.screen.callHeadline == "Calling")
        #expect(dialing.session.hasLiveCall)
    }

    @Test(arguments: [
        LogKey.press(.delete), .press(.hangUp), .hold(.star), .hold(.pound),
    ])
    func deleteHangUpOrAHeldKeyLeaveTheLog(key: LogKey) throws {
        var dialing = try Self.withCalls()
        dialing.press(.dial)
        #expect(dialing.screen.callLog != nil)
        key.send(to: &dialing)
        #expect(dialing.screen.callLog == nil)
        #expect(dialing.query == "")
        #expect(dialing.dials.isEmpty)
    }

    @Test func aDigitLeavesTheLogAndTypes() throws {
        var dialing = try Self.withCalls()
        dialing.press(.dial)
        dialing.type("373376")
        #expect(dialing.screen.callLog == nil)
        #expect(dialing.query == "373376")
        // The call key on a query dials as ever.
        dialing.press(.dial)
        #expect(dialing.dials.map(\.uid) == ["smith"])
    }

    @Test func theCallKeyOnAQueryStillDialsIt() throws {
        var dialing = try Self.withCalls()
        dialing.type("373376")
        dialing.press(.dial)
        #expect(dialing.dials.map(\.uid) == ["smith"])
        #expect(dialing.screen.callLog == nil)
    }

    @Test func withoutAHistoryTheCallKeyOnAnEmptyQueryDoesNothing() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.press(.dial)
        #expect(dialing.screen.callLog == nil)
        #expect(dialing.updates.isEmpty)
    }

    @Test func anEmptyLogSaysSoAndTheCallKeyAgainLeavesIt() throws {
        var dialing = try Self.withCalls([])
        dialing.press(.dial)
        let log = try #require(dialing.screen.callLog)
        #expect(log.rows.isEmpty && log.selection == nil)
        #expect(log.emptyText == "No calls yet")
        dialing.press(.dial)
        #expect(dialing.screen.callLog == nil)
        #expect(dialing.dials.isEmpty)
    }

    @Test func withMissedCallsUnseenTheCallKeyListsTheMissedOnesOnce() throws {
        var dialing = try Self.withCalls()
        dialing.session.unseenMissedCalls = 2
        dialing.press(.dial)
        let missed = try #require(dialing.screen.callLog)
        #expect(missed.missedOnly && missed.title == "Missed calls")
        #expect(missed.rows.map(\.title) == ["Fred Smith", "Front Desk"])
        // Calling back the first missed call.
        dialing.press(.dial)
        #expect(dialing.dials.map(\.number) == ["+44 7700 900123"])
        // Seen now: the next time the call key lists every call.
        dialing.press(.hangUp)
        dialing.press(.dial)
        #expect(dialing.screen.callLog?.missedOnly == false)
        #expect(dialing.session.unseenMissedCalls == 0)
    }

    @Test func aKeyTypedFirstMeansTheMissedCallsAreSeen() throws {
        var dialing = try Self.withCalls()
        dialing.session.unseenMissedCalls = 1
        dialing.type("3")
        dialing.press(.delete)
        dialing.press(.dial)
        #expect(dialing.screen.callLog?.missedOnly == false)
    }

    @Test func callsHandedInWhileTheLogIsShownAreListedAndTheSelectionStaysInRange() throws {
        var dialing = try Self.withCalls()
        dialing.press(.dial)
        dialing.press(.previous)
        #expect(dialing.screen.callLog?.selection == 3)
        let newest = RecentCall(number: "112", direction: .outgoing, outcome: "answered", time: 1_795_947_600)
        dialing.updates += dialing.session.setRecentCalls([newest], wallClock: Self.wallClock)
        let log = try #require(dialing.screen.callLog)
        #expect(log.rows.map(\.number) == ["112"])
        #expect(log.selection == 0)
        dialing.press(.dial)
        #expect(dialing.dials.map(\.number) == ["112"])
    }

    @Test func onlyTheNewestCallsAreKept() throws {
        let many = (0..<(CallLogScreen.maximumRows + 10)).map {
            RecentCall(number: "\(1000 + $0)", direction: .outgoing, outcome: "placed", time: 1_796_000_000 - Int64($0))
        }
        var dialing = try Self.withCalls(many)
        dialing.press(.dial)
        let log = try #require(dialing.screen.callLog)
        #expect(log.rows.count == CallLogScreen.maximumRows)
        #expect(log.rows.last?.number == "\(1000 + CallLogScreen.maximumRows - 1)")
    }

    @Test func theTimesAreToldAtTheMomentTheLogIsShown() throws {
        var dialing = try Self.withCalls()
        // A day later on the session's clock, 10:00 yesterday is Sunday.
        dialing.now = 86_400_000_000
        dialing.press(.dial)
        #expect(dialing.screen.callLog?.rows.first?.when == "Sun")
    }

    @Test func theLogLeftOpenGoesAtTheIdleClearAsAQueryDoes() throws {
        var dialing = try Self.withCalls()
        dialing.press(.dial)
        // The last gesture was the call key coming up, 60 ms after it went down.
        let opened = dialing.now - ms(200) + Dialing.tapLength
        #expect(dialing.session.nextDeadline == opened + DialerSettings().idleClear!)
        dialing.advance(to: opened + DialerSettings().idleClear! - 1)
        #expect(dialing.screen.callLog != nil)
        dialing.advance(to: opened + DialerSettings().idleClear!)
        #expect(dialing.screen.callLog == nil)
        #expect(dialing.session.nextDeadline == nil)
    }

    @Test func anIncomingCallTakesTheScreenFromTheLog() throws {
        var dialing = try Self.withCalls(following: true)
        dialing.press(.dial)
        dialing.updates += dialing.session.incomingCall(number: "+44 121 496 0000", networkName: nil, at: dialing.now)
        #expect(dialing.screen.callLog == nil)
        #expect(dialing.screen.calling?.name == "Fred Sanders")
    }

    @Test func aReloadedBookNamesTheCallsAnew() throws {
        var dialing = try Self.withCalls()
        dialing.press(.dial)
        let renamed = SessionFixtures.contacts.map { contact in
            contact.uid == "adams" ? SessionFixtures.contact("Zoë Adams-Brown", "+61 2 9374 4000", uid: "adams") : contact
        }
        dialing.updates += dialing.session.replaceIndex(SearchIndex(contacts: renamed, alphabet: SessionFixtures.index.alphabet))
        #expect(dialing.screen.callLog?.rows[2].name == "Zoë Adams-Brown")
    }
}

/// A key as the log tests send it.
enum LogKey: Sendable, CustomTestStringConvertible {
    case press(KeyRole)
    case tap(KeyRole)
    case hold(KeyRole)

    func send(to dialing: inout Dialing) {
        switch self {
        case .press(let role): dialing.press(role)
        case .tap(let role): dialing.tap(role)
        case .hold(let role): dialing.hold(role)
        }
    }

    var testDescription: String {
        switch self {
        case .press(let role): "press \(role)"
        case .tap(let role): "tap \(role)"
        case .hold(let role): "hold \(role)"
        }
    }
}
