// SPDX-License-Identifier: Apache-2.0

import InputEvents
import SeededRandom
import Testing

@testable import Telephony

/// The tracker fed seeded random mixes of what a modem and a user do, and checked for what
/// must hold whatever comes: it never asks to be woken in the past (a loop that would spin),
/// sleeps whenever nothing is under way, keeps one command in flight at the most, and says each
/// thing of a call at most once.
@Suite("The tracker under random modem lines and keys")
struct ModemCallTrackerChaosTests {
    static let lines = [
        "OK", "ERROR", "+CME ERROR: 100", "RING", "+CRING: VOICE", "+CLIP: \"5551234\",129", "+CLIP: \"\",128", "NO CARRIER", "BUSY",
        "NO ANSWER", "NO DIALTONE", "CONNECT", "+CLCC: 1,0,2,0,0,\"1\",129", "+CLCC: 1,0,3,0,0", "+CLCC: 1,0,0,0,0", "+CLCC: 1,1,4,0,0,\"2\",129",
        "+CLCC: 2,1,5,0,0", "+CLCC: 1,1,0,0,0", "+CLCC: 1,0,6,0,0", "+CLCC: x", "ATD1;", "AT+CLCC", "^BOOT:1,0", "\u{FFFD}\u{1}junk", "",
    ]

    @Test(arguments: 1...40)
    func invariantsHold(seed: UInt64) {
        var random = SplitMix(seed: UInt64(seed))
        var tracker = ModemCallTracker()
        var now: Microseconds = 0
        var step = tracker.start(at: now)
        var said: Set<LineEvent> = []
        var ends = 0
        for _ in 0..<400 {
            check(step, tracker, now, &said)
            ends += step.events.filter { if case .ended = $0 { true } else { false } }.count
            now += Int64.random(in: 0...1500, using: &random) * 1000
            switch Int.random(in: 0..<20, using: &random) {
            case 0: step = tracker.dial("555 1234", at: now)
            case 1: step = tracker.answer(at: now)
            case 2: step = tracker.hangUp(at: now)
            case 3: step = tracker.sendTones("1#", at: now)
            case 4, 5: step = tracker.advance(to: now)
            default: step = tracker.receive(Self.lines.randomElement(using: &random)!, at: now)
            }
        }
        #expect(ends > 5, "the mix makes calls and ends them")
    }

    private func check(_ step: ModemCallTracker.Step, _ tracker: ModemCallTracker, _ now: Microseconds, _ said: inout Set<LineEvent>) {
        if let deadline = tracker.nextDeadline {
            #expect(deadline > now, "a deadline already passed: the loop would spin")
        } else {
            #expect(tracker.inFlight == nil)
        }
        if !tracker.hasCall, tracker.inFlight == nil {
            #expect(tracker.nextDeadline == nil, "nothing under way: asleep")
        }
        #expect(step.commands.count <= 1, "one command at a time")
        if let sent = step.commands.last { #expect(tracker.inFlight?.command.text == sent) }
        for event in step.events {
            switch event {
            case .ringing, .connected, .incoming:
                #expect(!said.contains(event), "\(event) said twice for one call")
                said.insert(event)
            case .ended:
                said = []
            case .launched:
                Issue.record("a modem follows its calls: it launches none")
            case .problem, .log, .waiting, .call, .notOnThisLine, .volume, .lineState:
                break
            }
        }
    }
}
