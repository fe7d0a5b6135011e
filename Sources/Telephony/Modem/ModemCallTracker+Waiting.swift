// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
public import InputEvents
import TerminalText

/// Call waiting, hold, mute and volume on an AT modem (3GPP TS 27.007), with `callWaiting`:
///
/// - `AT+CCWA=1` at start has the network present a call waiting (`+CCWA: "number",...`); it
///   and the call list show the second call, reported `.waiting` with its `+CLCC` index as
///   its id, once a list has given the index.
/// - Answering it and swapping are `AT+CHLD=2` (the active call held, the other accepted);
///   rejecting it `AT+CHLD=0`; hold and resume of one call `AT+CHLD=2`; the hang-up key with
///   two calls releases the current one alone, `AT+CHLD=1x`.
/// - Mute is `AT+CMUT=1`/`0`; volume `AT+CLVL`, its range (`AT+CLVL=?`) and level
///   (`AT+CLVL?`) asked at the first volume key.
/// - What the modem refuses is `.notOnThisLine`.
extension ModemCallTracker {
    /// Does `control` to the calls.
    public mutating func control(_ control: CallControl, at now: Microseconds) -> Step {
        stepping(at: now) { tracker, step in
            tracker.queueControl(control, &step)
        }
    }

    private mutating func queueControl(_ control: CallControl, _ step: inout Step) {
        guard let call, call.phase == .connected, !call.hangingUp else {
            step.events.append(.log(.info, "modem: \(control.rawValue): no connected call"))
            return
        }
        let waiting = second.map { $0.phase == .ringing } ?? false
        let text: String
        switch control {
        case .answerWaiting, .rejectWaiting:
            guard waiting else {
                step.events.append(.log(.info, "modem: \(control.rawValue): no call waiting"))
                return
            }
            text = control == .answerWaiting ? "AT+CHLD=2" : "AT+CHLD=0"
        case .swap:
            guard second?.phase == .connected else {
                step.events.append(.log(.info, "modem: swap: no held call"))
                return
            }
            text = "AT+CHLD=2"
        case .hold, .resume:
            guard (control == .hold) != call.held else { return }
            text = "AT+CHLD=2"
        case .mute, .unmute:
            guard (control == .mute) != call.muted else {
                step.events.append(.call(Self.id(of: call), .muted(call.muted)))
                return
            }
            text = control == .mute ? "AT+CMUT=1" : "AT+CMUT=0"
        case .volumeUp, .volumeDown:
            let delta = control == .volumeUp ? 1 : -1
            if let range = volumeRange, let level = volumeLevel {
                let next = min(range.upperBound, max(range.lowerBound, level + delta))
                queue.append(Command(text: "AT+CLVL=\(next)", purpose: .volumeSet(level: next)))
            } else {
                queue.append(Command(text: "AT+CLVL=?", purpose: .volumeRange(step: delta)))
            }
            return
        }
        if !isPending(.control(control)) { queue.append(Command(text: text, purpose: .control(control))) }
    }

    /// The modem's answer to a command of call waiting, hold, mute or volume.
    mutating func answeredControl(_ command: Command, succeeded: Bool, _ code: FinalResultCode, _ step: inout Step) {
        guard succeeded else {
            step.events.append(.log(.notice, "modem: \(command.text) refused (\(code))"))
            switch command.purpose {
            case .callWaitingOn: break
            case .control(let control): step.events.append(.notOnThisLine(control))
            case .volumeRange(let delta), .volumeRead(let delta): step.events.append(.notOnThisLine(delta > 0 ? .volumeUp : .volumeDown))
            default: step.events.append(.notOnThisLine(.volumeUp))
            }
            return
        }
        switch command.purpose {
        case .control(let control): controlled(control, &step)
        case .volumeRange(let delta):
            queue.insert(Command(text: "AT+CLVL?", purpose: .volumeRead(step: delta)), at: 0)
        case .volumeRead(let delta):
            guard let range = volumeRange, let level = volumeLevel else {
                step.events.append(.notOnThisLine(delta > 0 ? .volumeUp : .volumeDown))
                return
            }
            let next = min(range.upperBound, max(range.lowerBound, level + delta))
            queue.insert(Command(text: "AT+CLVL=\(next)", purpose: .volumeSet(level: next)), at: 0)
        case .volumeSet(let level):
            volumeLevel = level
            if let range = volumeRange, range.upperBound > range.lowerBound {
                step.events.append(.volume(percent: (level - range.lowerBound) * 100 / (range.upperBound - range.lowerBound)))
            }
        default:
            break
        }
    }

    /// What `control`, done, did to the calls.
    private mutating func controlled(_ control: CallControl, _ step: inout Step) {
        guard var current = call else { return }
        switch control {
        case .answerWaiting, .swap:
            guard var other = second else { return }
            current.held = true
            step.events.append(.call(Self.id(of: current), .held))
            let wasHeld = other.phase == .connected
            other.phase = .connected
            other.held = false
            step.events.append(.call(Self.id(of: other), wasHeld ? .resumed : .connected))
            call = other
            second = current
        case .rejectWaiting:
            guard let other = second else { return }
            second = nil
            step.events.append(.call(Self.id(of: other), .ended(.rejected)))
        case .hold, .resume:
            call?.held = control == .hold
            step.events.append(.call(Self.id(of: current), control == .hold ? .held : .resumed))
        case .mute, .unmute:
            call?.muted = control == .mute
            step.events.append(.call(Self.id(of: current), .muted(control == .mute)))
        case .volumeUp, .volumeDown:
            break
        }
    }

    /// `+CLVL: 3` (the level) or `+CLVL: (0-5)` (the range).
    mutating func volumeAnswer(_ parameters: Substring) {
        let text = String(parameters).trimmingBlanks()
        if text.hasPrefix("(") {
            let bounds = text.dropFirst().prefix { $0 != ")" }.split(separator: "-").compactMap { Int($0) }
            if bounds.count == 2, bounds[0] <= bounds[1] { volumeRange = bounds[0]...bounds[1] }
        } else if let level = Int(text) {
            volumeLevel = level
        }
    }

    /// `+CCWA:`: a call waits during the current one; the list, asked at once, gives its index.
    mutating func callWaitingAnnounced(_ number: String, _ now: Microseconds, _ step: inout Step) {
        guard callWaiting, call != nil, second == nil else { return }
        announcedWaiting = number
        step.events.append(.log(.info, "modem: a call waits (\(Self.quote(number)))"))
        if !listingRefused { nextListing = now }
    }

    /// The second call in the list: a new one waiting is followed (a third turned away busy),
    /// the one followed goes on, or has left the list (ended).
    mutating func followSecond(in listed: [ModemListedCall], current: Int, _ step: inout Step) {
        if let followed = second, let index = followed.index {
            if !listed.contains(where: { $0.index == index && $0.state != nil }) {
                second = nil
                step.events.append(.call(Self.id(of: followed), .ended(.hungUpThere)))
            }
        }
        for other in listed where other.index != current && other.index != second?.index && other.isIncoming {
            guard other.state == .incoming || other.state == .waiting else { continue }
            if second == nil {
                let number = other.number.isEmpty ? announcedWaiting ?? "" : other.number
                var waiting = Call(direction: .incoming, phase: .ringing, since: 0, lastRing: 0)
                waiting.index = other.index
                waiting.number = number
                waiting.reported = true
                second = waiting
                announcedWaiting = nil
                step.events.append(.waiting(Self.id(of: waiting), number: number, name: nil))
            } else if !isPending(.turnAway) {
                step.events.append(.log(.notice, "modem: a third call rings (\(Self.quote(other.number))): turned away as busy"))
                queue.append(Command(text: "AT+CHLD=0", purpose: .turnAway))
            }
        }
    }

    /// The line's name for `call`: its index in the modem's list.
    static func id(of call: Call) -> LineCallID {
        LineCallID(call.index.map(String.init) ?? "current")
    }
}
