// SPDX-License-Identifier: Apache-2.0

import FuzzSupport
import InputEvents
@testable import Telephony

/// An AT modem's bytes, as `ModemCallLine` takes them: split into lines by `ModemLineReader`,
/// each line given to `ModemCallTracker.receive`, a quarter of a second apart.
///
/// So that the fuzzer reaches calls and their commands, a line starting with `~` is the user
/// or the clock instead of the modem: `~dial NUMBER`, `~answer`, `~hangup`, `~tones TONES`,
/// `~wait MILLISECONDS` (at most 120 s: past every time-out). After each step the rules of
/// ModemCallTrackerChaosTests must hold: no deadline in the past (a loop that would spin), no
/// deadline with nothing under way, one command at a time, and each thing of a call said once.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModem(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var reader = ModemLineReader()
    var tracker = ModemCallTracker()
    var now: Microseconds = 0
    var said: Set<LineEvent> = []
    check(tracker.start(at: now), tracker, now, &said)
    for item in reader.append(fuzzInput(data, size)) {
        now += 250_000
        switch item {
        case .overlong(let bytes):
            fuzzExpect(bytes > reader.limit, "a line of \(bytes) bytes dropped as longer than \(reader.limit)")
        case .line(let line):
            fuzzExpect(line.utf8.count <= 3 * reader.limit, "a line of \(line.utf8.count) bytes kept")
            check(step(line, &tracker, &now), tracker, now, &said)
        }
    }
    return 0
}

/// What `line` does: a user's request or the clock (`~`), else the modem's line.
private func step(_ line: String, _ tracker: inout ModemCallTracker, _ now: inout Microseconds) -> ModemCallTracker.Step {
    guard line.hasPrefix("~") else { return tracker.receive(line, at: now) }
    let words = line.dropFirst().split(separator: " ", maxSplits: 1).map(String.init)
    let argument = words.count > 1 ? words[1] : ""
    switch words.first ?? "" {
    case "dial":
        // As the dialer does: only a number every method can dial reaches a line.
        // What no method dials never reaches a line; the clock still goes on.
        guard let number = try? DialNumber(argument) else { return tracker.advance(to: now) }
        return tracker.dial(number, at: now)
    case "answer": return tracker.answer(at: now)
    case "hangup": return tracker.hangUp(at: now)
    case "tones": return tracker.sendTones(argument, at: now)
    case "wait":
        now += Microseconds(min(max(Int(argument) ?? 0, 0), 120_000)) * 1000
        return tracker.advance(to: now)
    default: return tracker.receive(line, at: now)
    }
}

/// The rules every step must keep (ModemCallTrackerChaosTests).
private func check(_ step: ModemCallTracker.Step, _ tracker: ModemCallTracker, _ now: Microseconds, _ said: inout Set<LineEvent>) {
    if let deadline = tracker.nextDeadline {
        fuzzExpect(deadline > now, "a deadline already passed: the loop would spin")
    } else {
        fuzzExpect(tracker.inFlight == nil, "a command in flight with no deadline")
    }
    if !tracker.hasCall, tracker.inFlight == nil {
        fuzzExpect(tracker.nextDeadline == nil, "nothing under way, yet a deadline")
    }
    fuzzExpect(step.commands.count <= 1, "\(step.commands.count) commands at once")
    if let sent = step.commands.last { fuzzExpect(tracker.inFlight?.command.text == sent, "\(sent) sent but not in flight") }
    for event in step.events {
        switch event {
        case .ringing, .connected, .incoming:
            fuzzExpect(!said.contains(event), "\(event) said twice for one call")
            said.insert(event)
        case .ended:
            said = []
        case .launched:
            fuzzExpect(false, "a modem follows its calls: it launches none")
        case .problem, .log, .waiting, .call, .notOnThisLine, .volume, .lineState:
            break
        }
    }
}
