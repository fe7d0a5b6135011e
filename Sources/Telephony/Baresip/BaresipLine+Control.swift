// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
public import InputEvents

/// Call waiting, hold and mute through baresip (1.0's menu commands over ctrl_tcp).
///
/// baresip keeps its calls in a list whose last is "the current call", which `accept`,
/// `hangup`, `hold`, `resume`, `mute` and `sndcode` act on; `callfind CALL-ID` makes a call
/// the current one. A call coming in goes last, so it is the current one while it rings: the
/// line selects its own current call before every command when it has a second one. baresip
/// with `call_max_calls 2` takes a second call during one (call waiting) and answers a third
/// busy itself.
///
/// - Answering the call waiting is `accept` on it: baresip holds the call before it
///   (`ua_hold_answer`, a re-INVITE with `a=sendonly`) and answers.
/// - Rejecting it is `hangup` on it.
/// - Swapping is `hold` on the current call, then `resume` on the held one.
/// - Mute is a toggle in baresip: sent only when the call's state is not already the one asked.
/// - When a call closes, baresip resumes a held call by itself, and the line says so.
/// - Volume is not baresip's to change over ctrl_tcp: not on this line.
extension BaresipLine {
    public func control(_ control: CallControl, at now: Microseconds) -> [LineEvent] {
        var events: [LineEvent] = []
        guard case .current(let current, _, _, let connected) = call else {
            events.append(.log(.notice, "\(control.rawValue): no call"))
            return finish(events)
        }
        switch control {
        case .answerWaiting, .rejectWaiting:
            guard let waiting = second, !waiting.connected else {
                events.append(.log(.notice, "\(control.rawValue): no call is waiting"))
                return finish(events)
            }
            send(.findCall(waiting.id), at: now, into: &events)
            send(control == .answerWaiting ? .accept : .hangUp, at: now, into: &events)
        case .swap:
            guard let held = second, held.connected, connected else {
                events.append(.log(.notice, "swap: no held call to swap with"))
                return finish(events)
            }
            request(.hold, on: current, at: now, into: &events)
            request(.resume, on: held.id, at: now, into: &events)
        case .hold, .resume:
            guard connected else {
                events.append(.log(.notice, "\(control.rawValue): the call is not connected"))
                return finish(events)
            }
            request(control == .hold ? .hold : .resume, on: current, at: now, into: &events)
        case .mute, .unmute:
            let muted = control == .mute
            guard connected else {
                events.append(.log(.notice, "\(control.rawValue): the call is not connected"))
                return finish(events)
            }
            if mutedCalls.contains(current) == muted {
                events.append(.call(LineCallID(current), .muted(muted)))
            } else {
                request(.toggleMute, on: current, at: now, into: &events)
            }
        case .volumeUp, .volumeDown:
            events.append(.log(.info, "volume: baresip's ctrl_tcp has no volume command; set the mixer of its sound device"))
            events.append(.notOnThisLine(control))
        }
        return finish(events)
    }

    /// Sends `callfind` for `id` when baresip has two calls, so that the next command acts
    /// on `id`; with one call it is the current one already.
    func selectCurrent(_ id: String, at now: Microseconds, into events: inout [LineEvent]) {
        if second != nil { send(.findCall(id), at: now, into: &events) }
    }

    /// Sends `command` for the call `id` (after `callfind`), remembering which call its
    /// answer is about.
    private func request(_ command: BaresipCommand, on id: String, at now: Microseconds, into events: inout [LineEvent]) {
        send(.findCall(id), at: now, into: &events)
        if let token = send(command, at: now, into: &events) { controlRequests[token] = id }
    }

    /// baresip answered a command of call control (`name`): a hold, resume or mute done is
    /// said of its call; one refused is logged.
    func controlAnswered(_ name: String, _ response: BaresipResponse, into events: inout [LineEvent]) {
        let id = response.token.flatMap { controlRequests.removeValue(forKey: $0) }
        let text = BaresipCallStatus.withoutTerminalEscapes(response.data).trimmingBlanks()
        // `callfind` and `line` answer ok whether or not they found the call.
        guard response.ok, !text.hasPrefix("call not found") else {
            events.append(.log(.warning, "baresip refused \(name): \(text.isEmpty ? "no reason given" : text)"))
            return
        }
        guard let id, isFollowed(id) else { return }
        switch name {
        case "hold":
            heldCalls.insert(id)
            events.append(.call(LineCallID(id), .held))
        case "resume":
            heldCalls.remove(id)
            if let held = second, held.id == id, case .current(let current, let direction, _, let connected) = call {
                // The held call is talked on now; the current one waits, held.
                call = .current(id: id, direction: held.direction, rang: true, connected: true)
                second = (current, direction, connected)
            }
            events.append(.call(LineCallID(id), .resumed))
        case "mute":
            // baresip says "call muted" or "call un-muted".
            let muted = !text.contains("un-muted")
            if muted { mutedCalls.insert(id) } else { mutedCalls.remove(id) }
            events.append(.call(LineCallID(id), .muted(muted)))
        default:
            break
        }
    }

    /// Whether `id` is one of the calls the line follows.
    private func isFollowed(_ id: String) -> Bool {
        if case .current(let current, _, _, _) = call, current == id { return true }
        return second?.id == id
    }

    /// A second call rings here while the current one is not connected (it rings, here or
    /// there): answered busy (`callfind`, `hangup`), as a network does. baresip's `accept` of
    /// one of two calls ringing would hold the other, which cannot be held yet, and answer
    /// neither.
    func turnAway(_ event: BaresipEvent, id: String, at now: Microseconds, into events: inout [LineEvent]) {
        events.append(.log(.notice, "a second call from \(event.peerURI ?? "an unknown number") before the first is connected: turned away busy"))
        send(.findCall(id), at: now, into: &events)
        send(.hangUp, at: now, into: &events)
    }

    /// A second call rings here during the current one: the dialer hears of it as waiting.
    func waiting(_ event: BaresipEvent, id: String, into events: inout [LineEvent]) {
        second = (id, .incoming, false)
        let name = event.peerDisplayName.flatMap { $0.trimmingBlanks().isEmpty ? nil : $0 }
        events.append(.log(.info, "call waiting from \(event.peerURI ?? "an unknown number")"))
        events.append(.waiting(LineCallID(id), number: Self.userPart(event.peerURI ?? ""), name: name))
    }

    /// An event of the second call: answered, it is the current call, and the call before it
    /// is held (baresip's `accept` held it); closed, it is gone.
    func followSecond(_ event: BaresipEvent, into events: inout [LineEvent]) {
        guard let waiting = second else { return }
        switch event.type {
        case "CALL_ESTABLISHED":
            guard !waiting.connected else { return }
            if case .current(let current, let direction, _, let connected) = call {
                second = (current, direction, connected)
                heldCalls.insert(current)
                events.append(.call(LineCallID(current), .held))
            } else {
                second = nil
            }
            call = .current(id: waiting.id, direction: waiting.direction, rang: true, connected: true)
            events.append(.call(LineCallID(waiting.id), .connected))
        case "CALL_CLOSED":
            second = nil
            heldCalls.remove(waiting.id)
            mutedCalls.remove(waiting.id)
            let param = event.param ?? ""
            events.append(.log(.info, "the second call, from \(event.peerURI ?? "?"), closed: \(param)"))
            events.append(.call(LineCallID(waiting.id), .ended(CallEnd(baresipClosedParam: param))))
            resumedByBaresip(into: &events)
        default:
            break
        }
    }

    /// The current call `closed` is over while a second one goes on: the second is the
    /// current call now.
    func promoteSecond(afterClosing closed: String, into events: inout [LineEvent]) {
        guard let next = second else { return }
        heldCalls.remove(closed)
        mutedCalls.remove(closed)
        second = nil
        call = .current(id: next.id, direction: next.direction, rang: true, connected: next.connected)
        resumedByBaresip(into: &events)
    }

    /// baresip resumes a held call by itself when another call closes (`resume_call`): the
    /// line says so of the call it holds, if any.
    private func resumedByBaresip(into events: inout [LineEvent]) {
        for id in [currentID, second?.id].compactMap({ $0 }) where heldCalls.contains(id) {
            heldCalls.remove(id)
            events.append(.call(LineCallID(id), .resumed))
            return
        }
    }

    private var currentID: String? {
        if case .current(let id, _, _, _) = call { return id }
        return nil
    }
}
