// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import DialerEngine
import InputEvents
@testable import DialerKit
import Testing

@Suite("JSON display")
struct JSONDisplayTests {
    @Test func aScreenIsOneObjectPerLine() throws {
        var display = JSONDisplay(output: "")
        display.show(try DisplayFixtures.screen("37337*"))
        #expect(
            display.output == #"""
                {"event":"screen","mode":"t9","layout":null,"label":"T9","query":"37337","pending":null,"selection":1,"results":[\#
                {"name":"Fred Sanders","number":"+44 121 496 0000","label":null,"field":"name","ranges":[[0,6]],"uid":"sanders",\#
                "text":"Fred Sanders","quality":"name prefix","selected":false},\#
                {"name":"Fred Smith","number":"+44 7700 900123","label":null,"field":"name","ranges":[[0,6]],"uid":"smith",\#
                "text":"Fred Smith","quality":"name prefix","selected":true}],"calling":null,"notice":null,"loading":false,"calllog":null}

                """#)
    }

    @Test func aMultiTapScreenGivesItsLayoutAndPendingLetter() throws {
        let json = JSONDisplay<String>.json(try DisplayFixtures.screen("33377799999", mode: .multiTap(layout: "latin")))
        #expect(
            json == #"""
                {"event":"screen","mode":"multitap","layout":"latin","label":"abc","query":"fr9","pending":"9","selection":null,\#
                "results":[],"calling":null,"notice":null,"loading":false,"calllog":null}
                """#)
    }

    @Test func aNumberMatchNamesItsField() throws {
        let json = JSONDisplay<String>.json(try DisplayFixtures.screen("201"))
        #expect(json.contains(#""results":[{"name":"Freya \"Fay\" Jones","number":"+1 201-555-0123","label":null,"field":"number","ranges":[[3,6]]"#))
    }

    @Test func eachNumberIsAResultWithItsLabel() throws {
        let json = JSONDisplay<String>.json(try DisplayFixtures.labelledScreen("3733"))
        #expect(json.contains(#""results":[{"name":"Fred Smith","number":"+44 121 496 0000","label":"home","field":"name""#))
        #expect(json.contains(#"{"name":"Fred Smith","number":"+44 7700 900123","label":"Boat\u001b","field":"name""#))
    }

    @Test func aDialIsAnEventThenTheCallingScreen() throws {
        var display = JSONDisplay(output: "")
        display.apply(try DisplayFixtures.updates("373376#", outcome: DialOutcome(.placed, via: "print", number: "+447700900123")))
        display.apply(try DisplayFixtures.updates("4242#", outcome: DialOutcome(.busy, via: "/dev/ttyUSB2", number: "4242")))
        let lines = display.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 8)
        #expect(lines[0] == #"{"event":"dial","name":"Fred Smith","number":"+44 7700 900123","uid":"smith"}"#)
        #expect(
            lines[1].hasSuffix(
                #""calling":{"name":"Fred Smith","number":"+44 7700 900123","uid":"smith","state":"dialling","message":null},"notice":null,"loading":false,"calllog":null}"#
            ))
        #expect(lines[1].contains(#""query":"373376""#))
        #expect(
            lines[2] == #"{"event":"dialled","name":"Fred Smith","number":"+44 7700 900123","uid":"smith","placed":true,"message":"Calling +447700900123"}"#)
        #expect(
            lines[3] == #"""
                {"event":"screen","mode":"t9","layout":null,"label":"T9","query":"","pending":null,"selection":null,"results":[],\#
                "calling":{"name":"Fred Smith","number":"+44 7700 900123","uid":"smith","state":"placed","message":"Calling +447700900123"},"notice":null,"loading":false,"calllog":null}
                """#)
        #expect(lines[4] == #"{"event":"dial","name":null,"number":"4242","uid":null}"#)
        #expect(lines[6] == #"{"event":"dialled","name":null,"number":"4242","uid":null,"placed":false,"message":"Busy"}"#)
        // A failed dial keeps its query behind the calling screen.
        #expect(lines[7].contains(#""query":"4242""#))
        #expect(
            lines[7].hasSuffix(
                #""calling":{"name":null,"number":"4242","uid":null,"state":"failed","message":"Busy"},"notice":null,"loading":false,"calllog":null}"#))
    }

    /// While the book loads, one line says so, and a screen is written when it changes, not
    /// for every percent; the first after the load has `"loading":false`.
    @Test func loadingIsOneLineNotOnePerPercent() throws {
        var display = JSONDisplay(output: "")
        var screen = try DisplayFixtures.screen("37")
        screen.results = []
        screen.selection = nil
        for percent in [0, 12, 40, 40, 97] {
            screen.loading = percent
            display.show(screen)
        }
        screen.query = QueryText(committed: "373")
        screen.loading = 99
        display.show(screen)
        screen.loading = nil
        display.show(screen)
        let lines = display.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0] == #"{"event":"loading"}"#)
        #expect(lines[1].contains(#""query":"37","#) && lines[1].hasSuffix(#""loading":true,"calllog":null}"#))
        #expect(lines[2].contains(#""query":"373","#) && lines[2].hasSuffix(#""loading":true,"calllog":null}"#))
        #expect(lines[3].contains(#""query":"373","#) && lines[3].hasSuffix(#""loading":false,"calllog":null}"#))
    }

    static let fred = DialRequest(name: "Fred Smith", number: "+44 7700 900123", uid: "smith")
    static let callee = #""name":"Fred Smith","number":"+44 7700 900123","uid":"smith""#

    /// Every update that is an event, and its line, through a group as `run` and `try` build
    /// one: `DisplayGroup` once dropped all but dials and hang-ups.
    static let events: [(DialerUpdate, String)] = [
        (.dial(fred), #"{"event":"dial","# + callee + "}"),
        (.hangUp(fred), #"{"event":"hangup","# + callee + "}"),
        (.answer(fred), #"{"event":"answer","# + callee + "}"),
        (.sendTones("5#"), #"{"event":"dtmf","tones":"5#"}"#),
        (
            .dialFinished(fred, DialOutcome(.failed(reason: "busy"), via: "exec", number: "+447700900123")),
            #"{"event":"dialled","# + callee + #","placed":false,"message":"Failed: busy"}"#
        ),
        (
            .callEnded(CallRecord(request: fred, direction: .outgoing, outcome: .answered, end: .hungUpHere, connectedTime: 67_900_000)),
            #"{"event":"callended","# + callee + #","direction":"out","outcome":"answered","duration":67}"#
        ),
        (
            .callEnded(CallRecord(request: fred, direction: .incoming, outcome: .missed, end: .hungUpThere)),
            #"{"event":"callended","# + callee + #","direction":"in","outcome":"missed","duration":null}"#
        ),
        (.callControl(.answerWaiting), #"{"event":"callcontrol","control":"answer-waiting"}"#),
        (.callWaiting(fred), #"{"event":"callwaiting","# + callee + "}"),
    ]

    /// A followed call under way carries the other call, mute, the last key's note and the
    /// keys; a launched call does not.
    @Test func aCallUnderWayCarriesTheOtherCallMuteAndItsKeys() throws {
        var screen = try DisplayFixtures.screen("")
        screen.calling = Self.fred
        screen.callProgress = .connected(seconds: 3)
        screen.otherCall = OtherCall(request: DialRequest(number: "+12015550123"), state: .waiting)
        screen.muted = true
        screen.callNote = "Volume: not on this line"
        screen.callKeys = "Enter answer  Bksp reject  # held end"
        #expect(
            JSONDisplay<String>.json(screen).hasSuffix(
                #""calling":{"# + Self.callee + #","state":"connected","message":"Connected 0:03","other":{"name":null,"#
                    + #""number":"+12015550123","uid":null,"state":"waiting"},"muted":true,"note":"Volume: not on this line","#
                    + #""keys":"Enter answer  Bksp reject  # held end"},"notice":null,"loading":false,"calllog":null}"#))
    }

    @Test(arguments: 0..<events.count)
    func anEventIsOneLineThroughAGroup(_ index: Int) {
        let (update, line) = Self.events[index]
        var group = DisplayGroup([JSONDisplay(output: ""), InMemoryDisplay()])
        group.take(update)
        let written = (group.displays[0] as? JSONDisplay<String>)?.output
        #expect(written == line + "\n")
        #expect((group.displays[1] as? InMemoryDisplay)?.updates == [update], "every display of the group has it")
    }

    /// A call's end: its outcome and its duration in whole seconds, the fraction dropped as a
    /// phone's call timer drops it (as `t9dial history --json` gives it); a dial hung up before
    /// it rang is cancelled, with no duration.
    @Test(arguments: [
        (CallOutcome.answered, 4_307_000 as Microseconds?, #""outcome":"answered","duration":4}"#),
        (.answered, 999_999, #""outcome":"answered","duration":0}"#),
        (.answered, 67_000_000, #""outcome":"answered","duration":67}"#),
        (.cancelled, nil, #""outcome":"cancelled","duration":null}"#),
    ])
    func aCallEndedGivesItsOutcomeAndWholeSeconds(outcome: CallOutcome, connected: Microseconds?, ending: String) {
        var display = JSONDisplay(output: "")
        let fred = DialRequest(name: "Fred Smith", number: "+44 7700 900123", uid: "smith")
        display.take(.callEnded(CallRecord(request: fred, direction: .outgoing, outcome: outcome, end: .hungUpHere, connectedTime: connected)))
        #expect(
            display.output
                == #"{"event":"callended","name":"Fred Smith","number":"+44 7700 900123","uid":"smith","direction":"out","# + ending + "\n")
    }
}
