// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
public import T9Search
public import InputEvents

/// The dialer's behaviour: key gestures and the passage of time in, screens and dial requests
/// out. Time is only what the caller says it is, so a recording replays exactly and a test
/// needs no waiting.
///
/// The caller feeds every gesture to `handle(_:)`, and calls `advance(to:)` when
/// `nextDeadline` comes (a multi-tap letter to commit, an idle query to clear).
public final class DialerSession {
    /// The contacts searched; `replaceIndex(_:)` swaps in a reloaded or reranked book.
    public private(set) var index: SearchIndex
    public let settings: DialerSettings
    /// The contact the user picked last time for a query (its UID), which then ranks first for
    /// that query, T9-style; the caller looks it up in the dial history. Nil learns nothing.
    public var learnedPick: ((_ query: String, _ mode: InputMode) -> String?)?
    /// What the displays show now; `handle` and `advance` report each change of it.
    public private(set) var screen: ScreenState
    /// How many result rows the displays show at once; nil: every result (a JSON display
    /// writes them all). Only the results a display can show are highlighted (their matched
    /// field and ranges found) and made into rows (a contact found by name a row for each of
    /// its numbers): the first `shownRows`, and those the selection scrolls into view as it
    /// moves. Set it before the first key.
    public var shownRows: Int?

    /// T9 first, then multi-tap in each active layout, in the order switching goes through them.
    private let modes: [InputMode]
    private let multiTapKeys: [MultiTapKeys]
    private var modePosition: Int
    var t9: T9Entry
    var text = MultiTapText()
    /// The multi-tap text's search, narrowing letter by letter.
    private var textSearch: TextSession
    /// The query's best contacts, best first: `settings.resultLimit` of them at most.
    private var found: [(contact: Int, quality: MatchQuality)] = []
    /// How many of `found`, from the first, are highlighted and made into rows.
    private var expanded = 0
    /// The rows of the first `expanded` of `found`, with their highlights and texts: a row for
    /// each number of a contact found by name, one for a contact found by a number; as many as
    /// the displays show, and `settings.resultLimit` at most.
    private var shownResults: [ShownResult] = []
    /// The selected row of `shownResults`.
    private var selection: Int?
    /// Whether dials are followed by a line (baresip, a modem, ModemManager), which reports
    /// through `callChanged` and `incomingCall`, rather than launched (print, exec), whose
    /// outcome comes through `dialFinished`. The driver sets it with the dial method.
    public var followsCalls = false
    /// The call on the calling screen of a launching method, from the dial until the next key.
    private var call: ShownCall?
    /// The call a line follows: while it goes on, and for `endedCallShown` after it ended
    /// (or until the next key).
    var followed: FollowedCall?
    /// The second call a line follows during the current one: waiting, or held
    /// (`DialerSession+Waiting.swift`).
    var other: FollowedCall?
    /// What the last call key came to, until the next key ("Mute: not on this line").
    var callNote: String?
    /// Whether the run stops: every call, the held one too, is hung up.
    var hangingUpAll = false
    /// What the help line calls each key of a call: the key of the keymap with that role
    /// ("Enter", "/"), as the keypads' keymaps give them (`DialerMachine.attach`); a role no
    /// keymap gives goes by its own name.
    public var keyLabels: [KeyRole: String] = [:]
    /// The latest time the session was told of (a key's, a timer's, a line's).
    private var now: Microseconds = 0
    /// `#` went down while a call was shown: held, it hangs up; let go, it only leaves the call.
    private var poundDownOnCall = false
    private var lastKeyTime: Microseconds?
    private var notice: String?
    private var loading: Int?
    /// The recent calls and the call log screen (`DialerSession+CallLog.swift`).
    var callLog = CallLogState()
    /// The speed-dial keys, and what a long press found wrong (`DialerSession+SpeedDial.swift`).
    var speedDial = SpeedDialState()
    /// The numbers dialled as typed (`DialerSession+Emergency.swift`).
    var emergency = DialerSession.standardEmergencyNumbers
    /// Whether the screen sleeps (`DialerSession+Sleep.swift`).
    var sleep = ScreenSleepState()
    /// The status line, without the missed calls, which are the session's (`DialerSession+Status.swift`).
    var status: StatusLine?
    /// What the line last said of itself, for the status line.
    var lineState: LineState?

    /// A dialer over `index`, showing an empty query in `settings.initialMode`.
    public init(index: SearchIndex, settings: DialerSettings = DialerSettings()) throws(DialerSessionError) {
        let layouts = index.alphabet.layouts
        let modes = [InputMode.t9] + layouts.map { InputMode.multiTap(layout: $0.id) }
        guard let start = modes.firstIndex(of: settings.initialMode) else {
            // T9 is always there, so only a multi-tap layout can be missing.
            throw .unknownLayout(settings.initialMode.layoutID ?? "", active: layouts.map(\.id))
        }
        self.index = index
        self.settings = settings
        self.modes = modes
        self.multiTapKeys = layouts.map(MultiTapKeys.init)
        self.modePosition = start
        self.t9 = T9Entry(index: index)
        self.textSearch = TextSession(index: index)
        // A placeholder until every property is set and the real screen can be made.
        self.screen = ScreenState(mode: modes[start], modeLabel: "")
        self.screen = makeScreen()
    }

    /// When `advance(to:)` next has something to do: the earliest of the multi-tap commit and
    /// the idle clear; nil when nothing is pending.
    public var nextDeadline: Microseconds? {
        [text.pending?.deadline, idleDeadline, followedCallDeadline, sleepDeadline].compactMap { $0 }.min()
    }

    /// Acts on one gesture, after the timers due by its time.
    public func handle(_ gesture: TimedGesture) -> [DialerUpdate] {
        var updates = advance(to: gesture.time)
        // Ignored keys (NumLock) are not keys to the user: they neither act nor keep the query.
        if gesture.gesture.role == .ignore { return updates }
        now = max(now, gesture.time)
        if takeForSleep(gesture) {
            publish(into: &updates)
            return updates
        }
        speedDial.hint = nil
        if let live = followed, live.isLive {
            callNote = nil
            updates += keyDuringCall(gesture.gesture, call: live)
            publish(into: &updates)
            return updates
        }
        lastKeyTime = gesture.time
        if let logged = keyOnCallLog(gesture.gesture, at: gesture.time) {
            updates += logged
            publish(into: &updates)
            return updates
        }
        var command = DialerCommand(gesture.gesture)
        if poundDownOnCall, gesture.gesture.role == .pound {
            command = finishPoundOnCall(gesture.gesture, into: &updates)
        } else if case .pressed(let role) = gesture.gesture {
            if let shown = call, role == .hangUp {
                // Hang-up on the calling screen ends the call and only leaves the screen.
                call = nil
                if shown.canHangUp { updates.append(.hangUp(shown.request)) }
                command = nil
            } else if followed != nil, role == .hangUp {
                // The followed call is over (a live one took the key above): only leave its screen.
                followed = nil
                command = nil
            } else {
                keyWentDown(role)
            }
        }
        if let command, let request = perform(command, at: gesture.time) {
            updates.append(.dial(request))
        }
        publish(into: &updates)
        return updates
    }

    /// Takes in what came of the dial of `request`. When it is still on screen, the screen
    /// shows the outcome; a placed call clears the query, a failed one keeps it, so the user
    /// can try again or pick another number. A dial the user already left is only reported.
    public func dialFinished(_ request: DialRequest, _ outcome: DialOutcome) -> [DialerUpdate] {
        var updates: [DialerUpdate] = [.dialFinished(request, outcome)]
        noteUntimedActivity()
        if let shown = call, shown.request == request, shown.progress == .dialling {
            call?.progress = .finished(outcome)
            if outcome.isPlaced {
                t9.clear()
                text.clear()
                search()
            }
        }
        publish(into: &updates)
        return updates
    }

    /// Runs the timers due by `time`, earliest first.
    public func advance(to time: Microseconds) -> [DialerUpdate] {
        var updates: [DialerUpdate] = []
        settleActivity(at: time)
        while let deadline = nextDeadline, deadline <= time {
            let isFollowedCalls = deadline == followedCallDeadline
            now = max(now, deadline)
            if deadline == sleepDeadline {
                fallAsleep()
            } else if let pending = text.pending, pending.deadline == deadline {
                text.commit()
            } else if isFollowedCalls {
                // A connected call's clock ticks (the screen is made anew at `now`), or an
                // ended call's screen has been shown long enough.
                if followed?.isLive == false { followed = nil }
            } else {
                clearQuery()
                callLog.shown = nil
            }
            publish(into: &updates)
        }
        now = max(now, time)
        return updates
    }

    // MARK: Followed calls

    /// Whether a followed call goes on (dialled, ringing, connected), which keys now act on.
    public var hasLiveCall: Bool { followed?.isLive ?? false }

    /// Takes in what the line says of the call dialled or ringing at `time`: the screen follows
    /// it; an end is reported (`.callEnded`) for the history before the screen that shows it.
    /// A call that rings or connects was dialled, so the query that found it is cleared; one
    /// that ends before (busy, failed) keeps it, to try again. Changes with no live call are
    /// dropped.
    public func callChanged(_ change: FollowedCall.Change, at time: Microseconds) -> [DialerUpdate] {
        callChanged(change, call: nil, at: time)
    }

    /// Clears the query once the outgoing `call` rings or connects: it was dialled.
    func clearQueryOfDialledCall(_ call: FollowedCall) {
        if call.direction == .outgoing, !(t9.isEmpty && text.isEmpty) { clearQuery() }
    }

    /// A call rings here at `time` from `number` (as the network gave it), with the name the
    /// network gave, if any. The screen shows the contact whose number it is, found in the book
    /// with the search's region rules, and the number as the book writes it; else the number
    /// with the network's name. A book that comes in later (loading at start, a reload) names
    /// the caller then (`replaceIndex`). The query stays behind, as it was. Ignored while
    /// another call goes on: the line turns a second call away.
    public func incomingCall(number: String, networkName: String?, at time: Microseconds) -> [DialerUpdate] {
        var updates = advance(to: time)
        if let current = followed, current.isLive { return updates }
        text.commit()
        call = nil
        callLog.shown = nil
        poundDownOnCall = false
        followed = FollowedCall(incoming: caller(number: number, networkName: networkName), networkName: networkName, at: time)
        noteActivity(at: time)
        publish(into: &updates)
        return updates
    }

    /// What the screen says of a caller who withheld their number.
    static let withheldNumber = "Unknown number"

    /// Whom a call from `number` is from: the contact whose number it is, with the number as
    /// the book writes it; else the number as the network gave it, with the name the network
    /// gave (a SIP display name), if any.
    func caller(number: String, networkName: String?) -> DialRequest {
        if let (found, written) = index.contactAndNumber(withNumber: number) {
            let contacts = index.contacts
            return DialRequest(name: contacts[found].displayName, number: written, contact: found, uid: contacts.uid(of: found))
        }
        let named = networkName.flatMap { $0.isEmpty ? nil : $0 }
        return DialRequest(name: named, number: number.isEmpty ? Self.withheldNumber : number)
    }

    /// What a key does while a followed call goes on. Ringing here: the dial key or `#` answers,
    /// the hang-up key or `#` held rejects. Dialled, ringing or connected: the hang-up key or
    /// `#` held ends it. Connected: digits, `*` and `#` are sent as DTMF. Nothing else acts:
    /// the query waits behind the call.
    private func keyDuringCall(_ gesture: KeyGesture, call: FollowedCall) -> [DialerUpdate] {
        if let updates = callKey(gesture, call: call) { return updates }
        switch (gesture, call.phase) {
        case (.pressed(.hangUp), _), (.held(.pound), _):
            return [.hangUp(call.request)]
        case (.pressed(.dial), .incoming), (.tapped(.pound), .incoming):
            return [.answer(call.request)]
        case (.pressed(.digit(let digit)), .connected) where digit <= 9:
            return [.sendTones(String(digit))]
        case (.tapped(.star), .connected):
            return [.sendTones("*")]
        case (.tapped(.pound), .connected):
            return [.sendTones("#")]
        default:
            return []
        }
    }

    /// When the followed call next changes the screen by itself: its clock's next second while
    /// connected, or the end of showing it once over.
    private var followedCallDeadline: Microseconds? {
        guard let followed else { return nil }
        if let endedAt = followed.endedAt { return endedAt + settings.endedCallShown }
        return followed.nextTick(after: now)
    }

    /// Searches `newIndex` from now on: a reloaded book, or the same book ranked anew. The
    /// query stays as typed and is searched again; the selection stays on the same contact
    /// (and number) when it is still found. `newIndex` must have the same layouts as the
    /// current one.
    public func replaceIndex(_ newIndex: SearchIndex) -> [DialerUpdate] {
        let selected = selection.map { (uid: shownResults[$0].uid, number: shownResults[$0].number) }
        index = newIndex
        // A caller who rang while the book loaded is named now, on the screen and in the history.
        if let shown = followed, shown.direction == .incoming, shown.request.contact == nil, shown.request.number != Self.withheldNumber {
            followed?.identify(caller(number: shown.request.number, networkName: shown.networkName))
        }
        if let shown = other, shown.direction == .incoming, shown.request.contact == nil, shown.request.number != Self.withheldNumber {
            other?.identify(caller(number: shown.request.number, networkName: shown.networkName))
        }
        loading = nil  // the book that was loading, if any, is this one
        callLog.resolveNames(in: newIndex.contacts)
        t9 = t9.rebuilt(on: newIndex)
        textSearch = TextSession(index: newIndex)
        search()
        let contacts = newIndex.contacts
        if let selected, let position = found.firstIndex(where: { contacts.uid(of: $0.contact) == selected.uid }) {
            while expanded <= position, expanded < found.count, shownResults.count < settings.resultLimit {
                expandRows(upTo: shownResults.count + 1)
            }
            let rows = shownResults.indices.filter { shownResults[$0].uid == selected.uid }
            if let row = rows.first(where: { shownResults[$0].number == selected.number }) ?? rows.first { selection = row }
            highlightRowsInView()
        }
        var updates: [DialerUpdate] = []
        publish(into: &updates)
        return updates
    }

    /// Shows `notice` on every screen from now on (nil: none): something about the dialer
    /// that the user must know while it lasts, such as a keypad unplugged or no contacts. The
    /// query and the results stay as they are.
    public func setNotice(_ notice: String?) -> [DialerUpdate] {
        if let notice, notice != self.notice { noteUntimedActivity() }
        self.notice = notice
        var updates: [DialerUpdate] = []
        publish(into: &updates)
        return updates
    }

    /// Shows that the book is loading and how far it has got (nil: it is loaded). The book
    /// searched meanwhile is the one the session has (empty at start); keys typed are kept,
    /// and `replaceIndex(_:)` searches them in the book once it is in.
    public func setLoading(_ percent: Int?) -> [DialerUpdate] {
        loading = percent
        var updates: [DialerUpdate] = []
        publish(into: &updates)
        return updates
    }

    // MARK: Keys

    /// What any key going down does before its own command: it leaves the calling screen (but
    /// `#`, which waits to see whether it is held to hang up), and commits an open multi-tap
    /// letter unless it is that letter's key or a delete.
    private func keyWentDown(_ role: KeyRole) {
        if call != nil || followed != nil, role == .pound {
            poundDownOnCall = true
            return
        }
        call = nil
        followed = nil
        switch role {
        case .delete: break
        case .digit(let digit) where digit == text.pending?.key: break
        default: text.commit()
        }
    }

    /// `#` pressed on the calling screen: held, it hangs up; tapped, it leaves the screen and
    /// does not dial again (the query may be the failed dial's, kept). Either way the screen
    /// goes back to the query. Returns the command still to carry out: none.
    private func finishPoundOnCall(_ gesture: KeyGesture, into updates: inout [DialerUpdate]) -> DialerCommand? {
        switch gesture {
        case .pressed: return nil
        case .held, .heldLonger:
            if let shown = call, shown.canHangUp { updates.append(.hangUp(shown.request)) }
        case .tapped: break
        }
        poundDownOnCall = false
        call = nil
        followed = nil
        return nil
    }

    /// Carries out `command`; gives the request when it dials.
    private func perform(_ command: DialerCommand, at time: Microseconds) -> DialRequest? {
        // The first key that acts is when the missed calls are seen (the notice goes).
        defer { callLog.unseenMissed = 0 }
        switch command {
        case .type(let digit):
            guard digit <= 9 else { return nil }
            if let keys = currentMultiTapKeys {
                text.press(digit, choices: keys.choices(on: digit), at: time, commitDelay: settings.multiTapCommit)
            } else {
                t9.type(digit)
            }
            search()
        case .holdDigit(let digit):
            guard digit <= 9 else { return nil }
            if isSpeedDialPress(digit) {
                // The digit the press typed stays when the key cannot call (it says why).
                guard let request = speedDialRequest(digit) else { return nil }
                clearQuery()
                startDial(request, at: time)
                return request
            }
            if currentMultiTapKeys != nil {
                if text.hold(digit) { search() }
            } else if digit == 0, t9.replaceLastZeroWithPlus() {
                search()
            }
        case .nextResult: moveSelection(by: 1)
        case .previousResult: moveSelection(by: -1)
        case .deleteLast:
            let deleted = currentMultiTapKeys != nil ? text.deleteLast() : t9.deleteLast()
            if deleted { search() }
        case .clear, .hangUp:
            clearQuery()
        case .switchMode:
            switchMode()
        case .dial:
            // On an empty query the call key lists the recent calls, to call one again.
            if t9.isEmpty, text.isEmpty {
                openCallLog()
                return nil
            }
            return dial(at: time)
        }
        return nil
    }

    /// Moves the selection `step` rows, round from the last row to the first and back; the
    /// rows it reaches are made as it goes.
    private func moveSelection(by step: Int) {
        guard let current = selection, !shownResults.isEmpty else { return }
        var next = current + step
        if next < 0 {
            expandRows(upTo: settings.resultLimit)
            next = (next % shownResults.count + shownResults.count) % shownResults.count
        } else {
            expandRows(upTo: next + 1)
            if next >= shownResults.count { next = 0 }
        }
        selection = next
    }

    /// T9 → multi-tap in each layout → T9. Multi-tap keeps its text from layout to layout (a
    /// name may mix scripts); entering or leaving T9 starts a new query, as digits are not text.
    private func switchMode() {
        guard modes.count > 1 else { return }
        text.commit()
        let next = (modePosition + 1) % modes.count
        if modes[modePosition] == .t9 || modes[next] == .t9 { clearQuery() }
        modePosition = next
        search()
    }

    /// The selected result, else the typed number; nil (and nothing changes) when there is
    /// neither. A dial shows the call; the query stays until the call is placed.
    private func dial(at time: Microseconds) -> DialRequest? {
        let request: DialRequest
        if let emergency = typedEmergencyNumber {
            request = DialRequest(number: emergency)
        } else if let selected = selection.map({ shownResults[$0] }), !selected.number.isEmpty {
            request = DialRequest(
                name: selected.name, number: selected.number, contact: selected.result.contact, uid: selected.uid)
        } else if let number = typedNumber {
            request = DialRequest(number: number)
        } else {
            return nil
        }
        startDial(request, at: time)
        return request
    }

    /// Shows the call of `request` dialled at `time`: followed by the line, or launched.
    func startDial(_ request: DialRequest, at time: Microseconds) {
        if followsCalls {
            followed = FollowedCall(dialling: request, at: time)
        } else {
            call = ShownCall(request: request, progress: .dialling)
        }
    }

    /// The query as a number to dial: T9's digits and `+`, or a multi-tap text made only of
    /// digits, `+`, spaces and hyphens; nil without a digit (a `+` alone dials nothing).
    var typedNumber: String? {
        let number = currentMultiTapKeys == nil ? t9.typed : text.query.text
        let digits: Set<Character> = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]
        let allowed = digits.union(["+", " ", "-"])
        guard number.contains(where: digits.contains), number.allSatisfy(allowed.contains) else { return nil }
        let first = number.firstIndex { $0 != " " }!, last = number.lastIndex { $0 != " " }!
        return String(number[first...last])
    }

    // MARK: Query and results

    var currentMultiTapKeys: MultiTapKeys? {
        modePosition == 0 ? nil : multiTapKeys[modePosition - 1]
    }

    private var idleDeadline: Microseconds? {
        // Not while a call is shown: a failed dial's query waits for the user's next key.
        // The call log left open goes too, as a query does.
        guard let idleClear = settings.idleClear, let lastKeyTime, call == nil, followed == nil,
            !(t9.isEmpty && text.isEmpty) || callLog.shown != nil
        else {
            return nil
        }
        return lastKeyTime + idleClear
    }

    private func clearQuery() {
        t9.clear()
        text.clear()
        search()
    }

    /// Searches for the current query. The selection goes back to the first result when the
    /// results are other contacts or numbers; it stays when only the highlights moved.
    private func search() {
        var ranked: [(contact: Int, quality: MatchQuality)]
        let query: String
        if currentMultiTapKeys != nil {
            query = text.query.text
            textSearch.setText(query)
            ranked = query.allSatisfy(\.isWhitespace) ? [] : textSearch.ranked(limit: settings.resultLimit)
        } else {
            query = t9.typed
            ranked = t9.session.ranked(limit: settings.resultLimit)
        }
        putLearnedPickFirst(&ranked, query: query)
        let sameContacts = ranked.map(\.contact) == found.map(\.contact)
        let selectedBefore = selection.map { shownResults[$0].result }
        found = ranked
        expanded = 0
        shownResults = []
        if !sameContacts { selection = found.isEmpty ? nil : 0 }
        highlightRowsInView()
        // The same contacts, but the selected row is another number (found by a number, or
        // by the name): a dial would call another number.
        if sameContacts, let row = selection, let before = selectedBefore {
            let now = shownResults.indices.contains(row) ? shownResults[row].result : nil
            if now?.contact != before.contact || now?.number != before.number { selection = shownResults.isEmpty ? nil : 0 }
        }
    }

    /// Finds the highlights of the results a display can show and has not had yet: the first
    /// `shownRows`, and every row up to the selection (displays scroll to keep it in view).
    /// Highlighting is most of a keystroke's work, so rows no display shows are left out.
    private func highlightRowsInView() {
        expandRows(upTo: max(shownRows ?? settings.resultLimit, (selection ?? 0) + 1))
    }

    /// Highlights the next contacts of `found` and makes their rows, until there are `wanted`
    /// rows (`settings.resultLimit` at most) or no contact is left: only the contacts those
    /// rows need, counted from the table before highlighting (`SearchIndex.rowCount`).
    private func expandRows(upTo wanted: Int) {
        let wanted = min(wanted, settings.resultLimit)
        while shownResults.count < wanted, expanded < found.count {
            let count = max(1, index.contactsFilling(rows: wanted - shownResults.count, from: found[expanded...]))
            let more = Array(found[expanded..<expanded + count])
            let highlighted = currentMultiTapKeys != nil ? textSearch.results(for: more) : t9.session.results(for: more)
            // The index and the matcher agree on every match; were one left out, `found` still
            // lines up with the rows.
            found.replaceSubrange(expanded..<expanded + more.count, with: highlighted.map { ($0.contact, $0.quality) })
            expanded += highlighted.count
            let rows = index.rows(of: highlighted, limit: settings.resultLimit - shownResults.count)
            shownResults += rows.map { ShownResult($0, in: index.contacts) }
        }
    }

    /// How many rows the query has, as far as they are known: the rows made, and a row for
    /// each contact not made into rows yet; `settings.resultLimit` at most.
    private var rowCount: Int {
        min(settings.resultLimit, shownResults.count + found.count - expanded)
    }

    /// Moves the contact learned for `query` to the top of `found`, when it is among them.
    private func putLearnedPickFirst(_ found: inout [(contact: Int, quality: MatchQuality)], query: String) {
        guard !query.isEmpty, found.count > 1, let uid = learnedPick?(query, modes[modePosition]) else { return }
        let contacts = index.contacts
        guard let position = found.firstIndex(where: { contacts.uid(of: $0.contact) == uid }), position > 0 else { return }
        found.insert(found.remove(at: position), at: 0)
    }

    // MARK: Screen

    private func makeScreen() -> ScreenState {
        let mode = modes[modePosition]
        return ScreenState(
            mode: mode,
            modeLabel: currentMultiTapKeys?.label ?? "T9",
            query: currentMultiTapKeys != nil ? text.query : QueryText(committed: t9.typed),
            results: shownResults,
            resultCount: rowCount,
            selection: selection,
            calling: followed?.request ?? call?.request,
            callProgress: followed?.progress(at: now) ?? call?.progress,
            notice: speedDial.hint ?? notice,
            loading: loading,
            callLog: call == nil && followed == nil ? callLogScreen(at: now) : nil,
            asleep: sleep.asleep,
            status: statusLine
        ).withCalls(self)
    }

    /// Adds a screen update when the screen differs from the last one reported.
    func publish(into updates: inout [DialerUpdate]) {
        let next = makeScreen()
        guard next != screen else { return }
        screen = next
        updates.append(.screen(next))
    }
}

/// The call on the calling screen and how it is going.
private struct ShownCall {
    var request: DialRequest
    var progress: CallProgress

    /// Whether there is a call to end: one being dialled or placed, not one that failed.
    var canHangUp: Bool {
        if case .finished(let outcome) = progress { return outcome.isPlaced }
        return true
    }
}
