// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
public import InputEvents

/// Call waiting, hold, mute and volume: the dialer follows the current call and at most one
/// other, waiting to be answered or held.
///
/// - A second call ringing during a call (`waitingCall`) shows `Waiting: name` under the
///   current call, named from the book as the first is, and `.callWaiting` plays the tone.
///   A third is the line's to turn away.
/// - The line names each call (`LineCallID`); an event with an id that is not the other
///   call's is the current call's (`callChanged(_:call:at:)`). The other call connected
///   (answered) or resumed becomes the current one, and the current one the other.
/// - The current call over, the other comes back as current: a waiting one rings on as an
///   incoming call, a held one is resumed (`.callControl(.resume)`). Each call is recorded
///   in the history on its own (`.callEnded`).
/// - Keys while a call is connected (`callKey`): the dial key answers the call waiting;
///   the swap key and `*` held answer it too, swap with the held call, or hold and resume the
///   one call; the hold key holds or resumes (swaps with two); the reject key and delete turn
///   the waiting call away; mute and the mode key mute and unmute; volume up and down, and
///   next and previous, change the volume. None is a DTMF key: digits, `*` and `#` tapped
///   are still sent as tones.
extension DialerSession {
    /// A second call rings here at `time` (call waiting), from `number` as the network gave
    /// it, with the name the network gave, if any; the line calls it `id`. With no call under
    /// way it is an ordinary incoming call; with a second call already, it is dropped (the line
    /// turns it away).
    public func waitingCall(_ id: LineCallID, number: String, networkName: String?, at time: Microseconds) -> [DialerUpdate] {
        guard let current = followed, current.isLive else {
            let updates = incomingCall(number: number, networkName: networkName, at: time)
            followed?.id = id
            return updates
        }
        var updates = advance(to: time)
        guard other == nil else { return updates }
        var call = FollowedCall(incoming: caller(number: number, networkName: networkName), networkName: networkName, at: time)
        call.id = id
        other = call
        updates.append(.callWaiting(call.request))
        publish(into: &updates)
        return updates
    }

    /// Takes in what the line says of the call it calls `id` (nil: the current call) at
    /// `time`. Changes of no call the dialer follows are dropped.
    public func callChanged(_ change: FollowedCall.Change, call id: LineCallID?, at time: Microseconds) -> [DialerUpdate] {
        var updates = advance(to: time)
        if let id, var second = other, second.id == id {
            guard second.apply(change, at: time) else { return updates }
            noteActivity(at: time)
            switch change {
            case .ended:
                other = nil
                if let record = second.record { updates.append(.callEnded(record)) }
            case .connected, .resumed:
                // Answered or taken off hold: the call talked on now.
                other = followed.flatMap { $0.isLive ? $0 : nil }
                followed = second
            case .ringing, .held, .muted:
                other = second
            }
            publish(into: &updates)
            return updates
        }
        guard var call = followed, call.isLive else { return updates }
        if call.id == nil, let id, id != other?.id { call.id = id }
        guard call.apply(change, at: time) else {
            followed = call
            return updates
        }
        followed = call
        noteActivity(at: time)
        switch change {
        case .ringing, .connected:
            clearQueryOfDialledCall(call)
        case .ended:
            if let record = call.record { updates.append(.callEnded(record)) }
            if let next = other {
                // The other call comes back as the current one: a held one is resumed, a
                // waiting one rings on.
                other = nil
                followed = next
                if hangingUpAll {
                    updates.append(.hangUp(next.request))
                } else if next.isHeld {
                    updates.append(.callControl(.resume))
                }
            }
        case .held, .resumed, .muted:
            break
        }
        publish(into: &updates)
        return updates
    }

    /// What a key of call waiting, hold, mute or volume does while `call` goes on; nil for a
    /// key that does none of them (hang-up, answer, tones: `keyDuringCall`).
    func callKey(_ gesture: KeyGesture, call: FollowedCall) -> [DialerUpdate]? {
        // The reject key turns away a call ringing here, as the hang-up key does.
        if call.phase == .incoming, gesture == .pressed(.reject) { return [.hangUp(call.request)] }
        guard call.phase == .connected, let action = CallKeyAction(gesture) else { return nil }
        let waiting = other.map { $0.phase == .incoming } ?? false
        let control: CallControl
        switch action {
        case .answer:
            guard waiting || other != nil else { return nil }
            control = waiting ? .answerWaiting : .swap
        case .swap:
            if let other { control = other.phase == .incoming ? .answerWaiting : .swap } else { control = call.isHeld ? .resume : .hold }
        case .hold:
            if other != nil, !waiting { control = .swap } else { control = call.isHeld ? .resume : .hold }
        case .reject:
            guard waiting else { return [] }
            control = .rejectWaiting
        case .mute: control = call.isMuted ? .unmute : .mute
        case .volumeUp: control = .volumeUp
        case .volumeDown: control = .volumeDown
        }
        return [.callControl(control)]
    }

    /// The line cannot do `control`: the screen says so until the next key.
    public func notOnThisLine(_ control: CallControl) -> [DialerUpdate] {
        callNote = control.label + ": not on this line"
        var updates: [DialerUpdate] = []
        publish(into: &updates)
        return updates
    }

    /// The line's sound is now at `percent`: the screen says so until the next key.
    public func volumeChanged(percent: Int) -> [DialerUpdate] {
        callNote = "Volume \(max(0, min(100, percent)))%"
        var updates: [DialerUpdate] = []
        publish(into: &updates)
        return updates
    }

    /// The help line of the call under way: its keys and what they do now.
    var callKeysLine: String? {
        guard let call = followed, call.isLive else { return nil }
        let end = label(.hangUp, else: "# held")
        let waiting = other.map { $0.phase == .incoming } ?? false
        let entries: [String]
        switch call.phase {
        case .incoming:
            entries = [label(.dial, else: "#") + " answer", end + " reject"]
        case .dialling, .ringing:
            entries = [end + " end"]
        case .connected where waiting:
            entries = [label(.dial) + " answer", label(.reject, else: label(.delete)) + " reject", end + " end"]
        case .connected where other != nil:
            entries = [label(.swap, else: "* held") + " swap", end + " end"]
        case .connected:
            entries = [
                label(.hold, else: "* held") + (call.isHeld ? " resume" : " hold"),
                label(.mute, else: label(.switchMode)) + (call.isMuted ? " unmute" : " mute"),
                volumeLabels + " volume",
                end + " end",
            ]
        case .ended:
            return nil
        }
        return entries.joined(separator: "  ")
    }

    /// The volume keys together: "+-" for one-character keys, else "Vol+ Vol-".
    private var volumeLabels: String {
        let (up, down) = (label(.volumeUp, else: label(.next)), label(.volumeDown, else: label(.previous)))
        return up.count == 1 && down.count == 1 ? up + down : up + " " + down
    }

    /// What the help line calls the key of `role`: the keymap's, else `fallback`, else the
    /// role's name.
    private func label(_ role: KeyRole, else fallback: String? = nil) -> String {
        keyLabels[role] ?? fallback ?? role.description
    }
}

/// What a key asks of the calls, whatever key it is: its role's, or the role whose place it
/// takes on a keypad without that key (a numpad's Enter answers, its `/` mutes).
enum CallKeyAction: Sendable, Hashable {
    case answer, swap, hold, reject, mute, volumeUp, volumeDown

    init?(_ gesture: KeyGesture) {
        switch gesture {
        case .pressed(.dial): self = .answer
        case .pressed(.swap), .held(.star): self = .swap
        case .pressed(.hold): self = .hold
        case .pressed(.reject), .pressed(.delete): self = .reject
        case .pressed(.mute), .pressed(.switchMode): self = .mute
        case .pressed(.volumeUp), .pressed(.next): self = .volumeUp
        case .pressed(.volumeDown), .pressed(.previous): self = .volumeDown
        default: return nil
        }
    }
}

extension ScreenState {
    /// This screen with the calls of `session` beyond the current one: the other call, mute,
    /// the last call key's note and the help line.
    func withCalls(_ session: DialerSession) -> ScreenState {
        guard calling != nil, let current = session.followed else { return self }
        var screen = self
        if let other = session.other, current.isLive {
            screen.otherCall = OtherCall(request: other.request, state: other.phase == .incoming ? .waiting : .held)
        }
        screen.muted = current.isLive && current.isMuted
        screen.callNote = current.isLive ? session.callNote : nil
        screen.callKeys = session.callKeysLine
        return screen
    }
}
