// SPDX-License-Identifier: Apache-2.0

public import InputEvents
import T9Search

/// The call log on the keypad: the call key on an empty query lists the recent calls, newest
/// first; next and previous (and `*`) move through them, and the call key again calls the one
/// selected, so two presses redial the last number. With calls missed and not seen yet (the
/// idle screen's "2 missed"), the call key lists the missed calls only. Delete, hang-up, `*`
/// or `#` held leave the log; a digit leaves it and types.
///
/// The calls are handed in as values (`setRecentCalls`), from the dial history that DialerKit
/// reads off the loop's thread, so the engine reads no database and no clock.
extension DialerSession {
    /// Lists `calls` (newest first; past `CallLogScreen.maximumRows` are dropped) from now on,
    /// with their times told against `wallClock`. A log on the screen is listed anew, its
    /// selection kept in range.
    public func setRecentCalls(_ calls: [RecentCall], wallClock: WallClock) -> [DialerUpdate] {
        callLog.calls = Array(calls.prefix(CallLogScreen.maximumRows))
        callLog.wallClock = wallClock
        if let shown = callLog.shown {
            let count = callLog.visibleCalls(missedOnly: shown.missedOnly).count
            callLog.shown?.selection = max(0, min(shown.selection, count - 1))
        }
        callLog.resolveNames(in: index.contacts)
        var updates: [DialerUpdate] = []
        publish(into: &updates)
        return updates
    }

    /// How many missed calls the user has not seen (the notice's "2 missed"): while there are
    /// some, the call key on an empty query lists the missed calls. Any key that acts sets it
    /// back to none, as the notice goes with the first key.
    public var unseenMissedCalls: Int {
        get { callLog.unseenMissed }
        set { callLog.unseenMissed = max(0, newValue) }
    }

    /// Whether the call log is on the screen.
    public var showsCallLog: Bool { callLog.shown != nil }

    /// Opens the log: the missed calls when some are unseen, else every call; the newest
    /// selected. Without a history (no calls ever handed in: a replay, a run that records
    /// nothing) the call key on an empty query does nothing, as before there was a log.
    func openCallLog() {
        guard callLog.wallClock != nil else { return }
        let missedOnly = callLog.unseenMissed > 0 && callLog.calls.contains(where: \.isMissed)
        callLog.shown = CallLogState.Shown(missedOnly: missedOnly, selection: 0)
    }

    /// What `gesture` does while the log is shown: the updates it makes, or nil when it leaves
    /// the log and acts as it would on the empty query (a digit types).
    func keyOnCallLog(_ gesture: KeyGesture, at time: Microseconds) -> [DialerUpdate]? {
        guard let shown = callLog.shown else { return nil }
        let rows = callLog.visibleCalls(missedOnly: shown.missedOnly)
        switch gesture {
        case .pressed(.next), .tapped(.star):
            callLog.move(by: 1, count: rows.count)
        case .pressed(.previous):
            callLog.move(by: -1, count: rows.count)
        case .pressed(.dial), .tapped(.pound):
            callLog.shown = nil
            guard rows.indices.contains(shown.selection) else { return [] }
            let request = callLog.request(for: rows[shown.selection])
            startDial(request, at: time)
            return [.dial(request)]
        case .pressed(.star), .pressed(.pound):
            // Tapped, they move or call; held, they leave: wait for which.
            break
        case .held(.star), .heldLonger(.star), .held(.pound), .heldLonger(.pound), .pressed(.delete), .pressed(.hangUp):
            callLog.shown = nil
        case .pressed:
            callLog.shown = nil
            return nil
        case .tapped, .held, .heldLonger:
            // The end of a press the log took (the call key that opened it, next, previous).
            break
        }
        return []
    }

    /// The log as the screen shows it, its times told at `now`; nil when it is not shown.
    func callLogScreen(at now: Microseconds) -> CallLogScreen? {
        guard let shown = callLog.shown else { return nil }
        let calls = callLog.visibleCalls(missedOnly: shown.missedOnly)
        let unixNow = callLog.wallClock?.unixSeconds(at: now)
        let offset = callLog.wallClock?.utcOffset ?? 0
        let rows = calls.map { call in
            CallLogRow(
                name: call.uid.flatMap { callLog.names[$0]?.name } ?? call.name, number: call.number, uid: call.uid,
                direction: call.direction, outcome: call.outcome,
                when: CallTimeLabel.label(for: call.time, now: unixNow ?? call.time, utcOffset: offset),
                isMissed: call.isMissed, wentThrough: call.wentThrough)
        }
        return CallLogScreen(missedOnly: shown.missedOnly, rows: rows, selection: rows.isEmpty ? nil : shown.selection)
    }
}

/// The session's call log: the recent calls handed in, the names their contacts have in the
/// book, and whether (and where) the log is on the screen.
struct CallLogState {
    /// Newest first, at most `CallLogScreen.maximumRows`.
    var calls: [RecentCall] = []
    /// The book's name and position of each contact among `calls`, by UID.
    var names: [String: (name: String, contact: Int)] = [:]
    var wallClock: WallClock?
    var unseenMissed = 0
    /// Whether the log is on the screen: which calls and the selected row; nil when not.
    var shown: Shown?

    struct Shown {
        var missedOnly: Bool
        var selection: Int
    }

    func visibleCalls(missedOnly: Bool) -> [RecentCall] {
        missedOnly ? calls.filter(\.isMissed) : calls
    }

    mutating func move(by step: Int, count: Int) {
        guard count > 0, let selection = shown?.selection else { return }
        shown?.selection = ((min(selection, count - 1) + step) % count + count) % count
    }

    /// Finds the book's contacts of the calls: one pass over the book, only when a call has a
    /// UID (after a new list, and when the book is reloaded or ranked anew).
    mutating func resolveNames(in contacts: ContactTable) {
        let wanted = Set(calls.compactMap(\.uid))
        names = [:]
        guard !wanted.isEmpty else { return }
        for contact in 0..<contacts.count {
            let uid = contacts.uid(of: contact)
            guard wanted.contains(uid), names[uid] == nil else { continue }
            names[uid] = (contacts[contact].displayName, contact)
            if names.count == wanted.count { break }
        }
    }

    /// The dial of `call`: its contact's name and position when the book has it.
    func request(for call: RecentCall) -> DialRequest {
        let known = call.uid.flatMap { names[$0] }
        return DialRequest(name: known?.name ?? call.name, number: call.number, contact: known?.contact, uid: call.uid)
    }
}
