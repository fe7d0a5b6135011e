// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import DialerEngine
import InputEvents
import T9Search
import Testing

/// Call waiting, hold, mute and volume: the current call and at most one other, on the
/// session's own clock.
@Suite("Dialer session: call waiting, hold and mute")
struct DialerSessionWaitingTests {
    static let first = LineCallID("call-1")
    static let second = LineCallID("call-2")
    static let sanders = DialRequest(name: "Fred Sanders", number: "+44 121 496 0000", contact: 1, uid: "sanders")

    /// Fred Smith called and connected (as the line's `call-1`), and Fred Sanders waiting
    /// (`call-2`).
    static func waiting() throws -> Dialing {
        var dialing = try DialerSessionCallTests.connected()
        dialing.change(.connected, call: first)
        dialing.waiting(second, "+441214960000")
        return dialing
    }

    /// Fred Sanders answered during the call with Fred Smith, who is held.
    static func answered() throws -> Dialing {
        var dialing = try Self.waiting()
        dialing.change(.held, call: first)
        dialing.change(.connected, call: second)
        return dialing
    }

    @Test func aSecondCallShowsWaitingUnderTheCurrentOneNamedFromTheBookWithItsTone() throws {
        var dialing = try DialerSessionCallTests.connected()
        let produced = dialing.waiting(Self.second, "+441214960000")
        #expect(produced.contains(.callWaiting(Self.sanders)))
        #expect(dialing.screen.calling == DialerSessionCallTests.smith)
        #expect(dialing.screen.callHeadline.hasPrefix("Connected"))
        #expect(dialing.screen.otherCall == OtherCall(request: Self.sanders, state: .waiting))
        #expect(dialing.screen.otherCall?.line == "Waiting: Fred Sanders")
        #expect(dialing.screen.callDetailLines.first == "Waiting: Fred Sanders")
    }

    @Test func aThirdCallIsNotShown() throws {
        var dialing = try Self.waiting()
        let produced = dialing.waiting(LineCallID("call-3"), "+12015550123")
        #expect(!produced.contains { if case .callWaiting = $0 { true } else { false } })
        #expect(dialing.screen.otherCall?.request == Self.sanders)
    }

    @Test func aWaitingCallWithNoCallUnderWayIsAnIncomingCall() throws {
        var dialing = try DialerSessionCallTests.following()
        dialing.waiting(Self.second, "+441214960000")
        #expect(dialing.screen.callHeadline == "Incoming call")
        #expect(dialing.screen.calling == Self.sanders)
        #expect(dialing.screen.otherCall == nil)
        // Its id is the current call's from now on.
        dialing.change(.connected, call: Self.second)
        #expect(dialing.screen.callHeadline == "Connected 0:00")
    }

    /// What each call key asks of the line, in each state of the calls.
    static let keys: [(state: String, gesture: KeyGesture, control: CallControl?)] = [
        ("waiting", .pressed(.dial), .answerWaiting),
        ("waiting", .pressed(.swap), .answerWaiting),
        ("waiting", .held(.star), .answerWaiting),
        ("waiting", .pressed(.reject), .rejectWaiting),
        ("waiting", .pressed(.delete), .rejectWaiting),
        ("waiting", .pressed(.mute), .mute),
        ("held", .pressed(.dial), .swap),
        ("held", .pressed(.swap), .swap),
        ("held", .held(.star), .swap),
        ("held", .pressed(.hold), .swap),
        ("held", .pressed(.reject), nil),
        ("one", .pressed(.dial), nil),
        ("one", .held(.star), .hold),
        ("one", .pressed(.hold), .hold),
        ("one", .pressed(.swap), .hold),
        ("one", .pressed(.mute), .mute),
        ("one", .pressed(.switchMode), .mute),
        ("one", .pressed(.volumeUp), .volumeUp),
        ("one", .pressed(.next), .volumeUp),
        ("one", .pressed(.volumeDown), .volumeDown),
        ("one", .pressed(.previous), .volumeDown),
        ("one held", .held(.star), .resume),
        ("one held", .pressed(.hold), .resume),
        ("one muted", .pressed(.mute), .unmute),
        ("one muted", .pressed(.switchMode), .unmute),
    ]

    @Test(arguments: keys)
    func eachCallKeyAsksTheLine(_ state: String, _ gesture: KeyGesture, _ control: CallControl?) throws {
        var dialing: Dialing
        switch state {
        case "waiting": dialing = try Self.waiting()
        case "held": dialing = try Self.answered()
        default:
            dialing = try DialerSessionCallTests.connected()
            if state == "one held" { dialing.change(.held) }
            if state == "one muted" { dialing.change(.muted(true)) }
        }
        let produced = dialing.send(gesture, at: dialing.now)
        let controls = produced.compactMap { if case .callControl(let control) = $0 { control } else { nil } }
        #expect(controls == [control].compactMap { $0 })
        // No call key sends a tone or hangs up.
        #expect(!produced.contains { if case .sendTones = $0 { true } else if case .hangUp = $0 { true } else { false } })
    }

    @Test func theRejectKeyTurnsAwayACallRingingHere() throws {
        var dialing = try DialerSessionCallTests.following()
        dialing.incoming("+441214960000")
        #expect(dialing.send(.pressed(.reject), at: dialing.now) == [.hangUp(Self.sanders)])
    }

    @Test func digitsStarAndPoundTappedStillSendTonesWithACallWaiting() throws {
        var dialing = try Self.waiting()
        dialing.type("5*#")
        #expect(dialing.updates.filter { if case .sendTones = $0 { true } else { false } } == [.sendTones("5"), .sendTones("*"), .sendTones("#")])
    }

    @Test func answeringTheWaitingCallHoldsTheFirstAndShowsItUnderTheSecond() throws {
        let dialing = try Self.answered()
        #expect(dialing.screen.calling == Self.sanders)
        #expect(dialing.screen.callHeadline == "Connected 0:00")
        #expect(dialing.screen.otherCall == OtherCall(request: DialerSessionCallTests.smith, state: .held))
        #expect(dialing.screen.otherCall?.line == "On hold: Fred Smith")
    }

    @Test func swappingBringsTheFirstBackAndHoldsTheSecond() throws {
        var dialing = try Self.answered()
        dialing.change(.held, call: Self.second)
        dialing.change(.resumed, call: Self.first)
        #expect(dialing.screen.calling == DialerSessionCallTests.smith)
        #expect(dialing.screen.callHeadline.hasPrefix("Connected"))
        #expect(dialing.screen.otherCall == OtherCall(request: Self.sanders, state: .held))
        // And back again.
        dialing.change(.held, call: Self.first)
        dialing.change(.resumed, call: Self.second)
        #expect(dialing.screen.calling == Self.sanders)
    }

    @Test func endingTheCurrentCallBringsTheHeldOneBackAndRecordsEachCallOnItsOwn() throws {
        var dialing = try Self.answered()
        dialing.now += 5_000_000
        let produced = dialing.change(.ended(.hungUpThere), call: Self.second)
        let records = produced.compactMap { if case .callEnded(let record) = $0 { record } else { nil } }
        #expect(records.map(\.request) == [Self.sanders])
        #expect(records.map(\.outcome) == [.answered])
        #expect(records.map(\.direction) == [.incoming])
        // The held call is current again, and the line is asked to resume it.
        #expect(produced.contains(.callControl(.resume)))
        #expect(dialing.screen.calling == DialerSessionCallTests.smith)
        #expect(dialing.screen.callHeadline.hasPrefix("On hold"))
        #expect(dialing.screen.otherCall == nil)
        dialing.change(.resumed, call: Self.first)
        #expect(dialing.screen.callHeadline.hasPrefix("Connected"))
        // The first call ends in its turn, recorded on its own.
        let last = dialing.change(.ended(.hungUpHere), call: Self.first)
        let lastRecords = last.compactMap { if case .callEnded(let record) = $0 { record } else { nil } }
        #expect(lastRecords.map(\.request) == [DialerSessionCallTests.smith])
        #expect(lastRecords.map(\.direction) == [.outgoing])
        #expect(dialing.screen.callHeadline.hasPrefix("Call ended"))
    }

    @Test func theHeldCallEndingLeavesTheCurrentOne() throws {
        var dialing = try Self.answered()
        let produced = dialing.change(.ended(.hungUpThere), call: Self.first)
        #expect(produced.compactMap { if case .callEnded(let record) = $0 { record.request } else { nil } } == [DialerSessionCallTests.smith])
        #expect(dialing.screen.calling == Self.sanders)
        #expect(dialing.screen.otherCall == nil)
        #expect(dialing.session.hasLiveCall)
    }

    /// How the waiting call ends, and what the history calls it.
    static let waitingEnds: [(CallEnd, CallOutcome)] = [(.hungUpThere, .missed), (.rejected, .rejected), (.hungUpHere, .rejected)]

    @Test(arguments: waitingEnds)
    func aWaitingCallThatEndsUnansweredIsRecordedAndGoes(_ end: CallEnd, _ outcome: CallOutcome) throws {
        var dialing = try Self.waiting()
        let produced = dialing.change(.ended(end), call: Self.second)
        let records = produced.compactMap { if case .callEnded(let record) = $0 { record } else { nil } }
        #expect(records.map(\.request) == [Self.sanders])
        #expect(records.map(\.outcome) == [outcome])
        #expect(dialing.screen.otherCall == nil)
        #expect(dialing.screen.calling == DialerSessionCallTests.smith)
    }

    @Test func theCurrentCallEndingLeavesTheWaitingOneRingingAsAnIncomingCall() throws {
        var dialing = try Self.waiting()
        let produced = dialing.change(.ended(.hungUpThere))
        #expect(!produced.contains(.callControl(.resume)))
        #expect(dialing.screen.calling == Self.sanders)
        #expect(dialing.screen.callHeadline == "Incoming call")
        // The dial key answers it as any call ringing here.
        let answer = dialing.send(.pressed(.dial), at: dialing.now)
        #expect(answer.contains(.answer(Self.sanders)))
    }

    @Test func holdAndMuteShowOnTheScreen() throws {
        var dialing = try DialerSessionCallTests.connected()
        dialing.now += 42_000_000
        dialing.change(.held)
        #expect(dialing.screen.callHeadline.hasPrefix("On hold 0:4"))
        #expect(dialing.screen.callProgress?.state == "held")
        dialing.change(.resumed)
        dialing.change(.muted(true))
        #expect(dialing.screen.muted)
        #expect(dialing.screen.callDetailLines.contains("Muted"))
        dialing.change(.muted(false))
        #expect(!dialing.screen.muted)
    }

    @Test func whatTheLineCannotDoIsShownUntilTheNextKey() throws {
        var dialing = try DialerSessionCallTests.connected()
        dialing.updates += dialing.session.notOnThisLine(.mute)
        #expect(dialing.screen.callNote == "Mute: not on this line")
        dialing.updates += dialing.session.volumeChanged(percent: 60)
        #expect(dialing.screen.callNote == "Volume 60%")
        dialing.type("5")
        #expect(dialing.screen.callNote == nil)
    }

    /// The help line in each state, with the numpad's key names and with none.
    static let helpLines: [(state: String, labels: [KeyRole: String], line: String)] = [
        (
            "waiting", ["dial": "Enter", "delete": "Bksp"].roles,
            "Enter answer  Bksp reject  # held end"
        ),
        ("held", [:], "* held swap  # held end"),
        ("one", ["mode": "/", "next": "+", "previous": "-"].roles, "* held hold  / mute  +- volume  # held end"),
        ("one", [:], "* held hold  mode mute  next previous volume  # held end"),
        (
            "one", ["hangup": "Esc", "hold": "F2", "mute": "F3", "volume_up": "Vol+", "volume_down": "Vol-"].roles,
            "F2 hold  F3 mute  Vol+ Vol- volume  Esc end"
        ),
        ("incoming", ["dial": "Enter"].roles, "Enter answer  # held reject"),
        ("ringing", [:], "# held end"),
    ]

    @Test(arguments: helpLines)
    func theHelpLineNamesTheKeysOfTheCalls(_ state: String, _ labels: [KeyRole: String], _ line: String) throws {
        var dialing: Dialing
        switch state {
        case "waiting": dialing = try Self.waiting()
        case "held": dialing = try Self.answered()
        case "incoming":
            dialing = try DialerSessionCallTests.following()
            dialing.incoming("+441214960000")
        case "ringing":
            dialing = try DialerSessionCallTests.following()
            dialing.type("373376#")
            dialing.change(.ringing)
        default: dialing = try DialerSessionCallTests.connected()
        }
        dialing.session.keyLabels = labels
        dialing.type("5")  // a key during the call makes the screen anew
        #expect(dialing.screen.callKeys == line)
    }

    @Test func stoppingHangsUpTheCurrentCallThenTheHeldOne() throws {
        var dialing = try Self.answered()
        let stop = dialing.session.stopping(at: dialing.now)
        #expect(stop.contains(.hangUp(Self.sanders)))
        let ended = dialing.change(.ended(.hungUpHere), call: Self.second)
        #expect(ended.contains(.hangUp(DialerSessionCallTests.smith)))
        #expect(!ended.contains(.callControl(.resume)))
    }
}

extension Dialing {
    /// Tells the session, at `now`, what the line says of its call `id`; moves `now` on a little.
    @discardableResult
    mutating func change(_ change: FollowedCall.Change, call id: LineCallID) -> [DialerUpdate] {
        let produced = session.callChanged(change, call: id, at: now)
        updates += produced
        now += ms(100)
        return produced
    }

    /// A second call rings here at `now` from `number`, named `id` by the line.
    @discardableResult
    mutating func waiting(_ id: LineCallID, _ number: String, name: String? = nil) -> [DialerUpdate] {
        let produced = session.waitingCall(id, number: number, networkName: name, at: now)
        updates += produced
        now += ms(100)
        return produced
    }
}

extension Dictionary where Key == String, Value == String {
    /// Labels by the keymap's names of the roles.
    fileprivate var roles: [KeyRole: String] {
        [KeyRole: String](uniqueKeysWithValues: map { (KeyRole(keymapValue: $0.key)!, $0.value) })
    }
}
