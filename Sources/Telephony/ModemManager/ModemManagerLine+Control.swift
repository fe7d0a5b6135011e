// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
public import InputEvents

/// Call waiting and hold through ModemManager (1.20's `Voice` and `Call` interfaces):
///
/// - Answering the call waiting, swapping, and holding or resuming one call are
///   `Voice.HoldAndAccept` (`AT+CHLD=2`: the active call held, the other accepted).
/// - Rejecting the call waiting is `Call.Hangup` on it; ModemManager releases a call it has
///   an index for alone (`AT+CHLD=1x`), so the line waits until ModemManager has listed the
///   call (`indexWait` after it came) before asking.
/// - The hang-up key with a held call is `Voice.HangupAndAccept` (`AT+CHLD=1`): the current
///   call ends and the held one comes back at once.
/// - Every call's state comes from its `StateChanged` (HELD, ACTIVE, TERMINATED).
/// - ModemManager has no mute or volume: not on this line.
extension ModemManagerLine {
    /// The second call: waiting (not answered yet) or held.
    struct SecondCall: Equatable {
        var path: String
        /// When it came, for `indexWait`.
        var since: Microseconds
        var connected = false
        var held = false
        /// A rejection asked before ModemManager could have listed it: sent at `since +
        /// indexWait`.
        var rejectAt: Microseconds?
        /// Its `Hangup` was sent: it ends rejected here.
        var rejecting = false
        /// ModemManager says it rings here (RINGING_IN): the current call ended.
        var ringsHere = false
    }

    /// How long after a call waiting came ModemManager has surely listed it (it asks the modem
    /// for its calls every 2 s), so that its `Hangup` ends it alone.
    public static let indexWait: Microseconds = 3_000_000

    public func control(_ control: CallControl, at now: Microseconds) -> [LineEvent] {
        var events: [LineEvent] = []
        guard case .current(let current) = call, current.connected, case .success(let modemPath) = chosenModem else {
            events.append(.log(.notice, "modemmanager: \(control.rawValue): no connected call"))
            return finish(events)
        }
        let waiting = second.map { !$0.connected } ?? false
        switch control {
        case .answerWaiting, .swap, .hold, .resume:
            if control == .answerWaiting, !waiting { return finish([.log(.notice, "modemmanager: no call is waiting")]) }
            if control == .swap, second?.held != true { return finish([.log(.notice, "modemmanager: no held call to swap with")]) }
            if control == .resume, resumingAfterHangUp {
                // HangupAndAccept takes it off hold already; its state change says so.
                resumingAfterHangUp = false
                return finish(events)
            }
            send(voice(modemPath, "HoldAndAccept", []), for: .control(control), now, &events)
        case .rejectWaiting:
            guard var waitingCall = second, waiting else { return finish([.log(.notice, "modemmanager: no call is waiting")]) }
            let due = waitingCall.since.addingSaturated(Self.indexWait)
            if now < due {
                waitingCall.rejectAt = due
                second = waitingCall
                events.append(.log(.info, "modemmanager: rejecting the call waiting once ModemManager has listed it"))
            } else {
                second?.rejecting = true
                send(callMethod(waitingCall.path, "Hangup"), for: .control(.rejectWaiting), now, &events)
            }
        case .mute, .unmute, .volumeUp, .volumeDown:
            events.append(.log(.info, "modemmanager: \(control.rawValue): ModemManager has no such request"))
            events.append(.notOnThisLine(control))
        }
        return finish(events)
    }

    /// Sends a rejection put off until ModemManager has listed the call waiting.
    func rejectIfDue(_ now: Microseconds, _ events: inout [LineEvent]) {
        guard let waitingCall = second, let due = waitingCall.rejectAt, now >= due else { return }
        second?.rejectAt = nil
        second?.rejecting = true
        send(callMethod(waitingCall.path, "Hangup"), for: .control(.rejectWaiting), now, &events)
    }

    /// Follows the second call to `state`: answered or resumed, it is the current call (and
    /// the current one the second); held; or over.
    func followSecond(
        to state: ModemManagerCallState?, reason: ModemManagerCallStateReason?, _ now: Microseconds, _ events: inout [LineEvent]
    ) {
        guard var other = second else { return }
        switch state {
        case .active:
            guard case .current(let current) = call else { return }
            let change: LineCallChange = other.connected ? .resumed : .connected
            // The call talked on now; the current one becomes the second.
            call = .current(
                CurrentCall(path: other.path, modem: current.modem, direction: .incoming, rang: true, connected: true, held: false))
            second = SecondCall(path: current.path, since: current.connected ? 0 : now, connected: current.connected, held: current.held)
            events.append(.call(LineCallID(other.path), change))
        case .held where !other.held:
            other.held = true
            other.connected = true
            second = other
            events.append(.call(LineCallID(other.path), .held))
        case .ringingIn:
            second?.ringsHere = true
        case .terminated:
            second = nil
            let end = CallEnd(modemManagerReason: reason, direction: .incoming, wasConnected: other.connected, hungUpHere: other.rejecting)
            events.append(.log(.info, "modemmanager: the second call \(other.path) is over: \(end)"))
            events.append(.call(LineCallID(other.path), .ended(end)))
            deleteCall(other.path, now, &events)
        default:
            break
        }
    }
}
