public import T9Search

/// The dialer's behaviour: key gestures and the passage of time in, screens and dial requests
/// out. Time is only what the caller says it is, so a recording replays exactly and a test
/// needs no waiting.
///
/// The caller feeds every gesture to `handle(_:)`, and calls `advance(to:)` when
/// `nextDeadline` comes (a multi-tap letter to commit, an idle query to clear).
public final class DialerSession {
    public let index: SearchIndex
    public let settings: DialerSettings
    /// What the displays show now; `handle` and `advance` report each change of it.
    public private(set) var screen: ScreenState

    /// T9 first, then multi-tap in each active layout, in the order switching goes through them.
    private let modes: [InputMode]
    private let multiTapKeys: [MultiTapKeys]
    private var modePosition: Int
    private var t9: T9Entry
    private var text = MultiTapText()
    /// The multi-tap text's search, narrowing letter by letter.
    private let textSearch: TextSession
    private var results: [SearchResult] = []
    private var shownResults: [ShownResult] = []
    private var selection: Int?
    private var calling: DialRequest?
    private var lastKeyTime: Microseconds?

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
        [text.pending?.deadline, idleDeadline].compactMap { $0 }.min()
    }

    /// Acts on one gesture, after the timers due by its time.
    public func handle(_ gesture: TimedGesture) -> [DialerUpdate] {
        var updates = advance(to: gesture.time)
        // Ignored keys (NumLock) are not keys to the user: they neither act nor keep the query.
        if Self.role(of: gesture.gesture) == .ignore { return updates }
        lastKeyTime = gesture.time
        var command = DialerCommand(gesture.gesture)
        if case .pressed(let role) = gesture.gesture {
            let wasCalling = calling != nil
            keyWentDown(role)
            // Hang-up on the calling screen only leaves it.
            if wasCalling, command == .hangUp { command = nil }
        }
        if let command, let request = perform(command, at: gesture.time) {
            updates.append(.dial(request))
        }
        publish(into: &updates)
        return updates
    }

    /// Runs the timers due by `time`, earliest first.
    public func advance(to time: Microseconds) -> [DialerUpdate] {
        var updates: [DialerUpdate] = []
        while let deadline = nextDeadline, deadline <= time {
            if let pending = text.pending, pending.deadline == deadline {
                text.commit()
            } else {
                clearQuery()
            }
            publish(into: &updates)
        }
        return updates
    }

    // MARK: Keys

    private static func role(of gesture: KeyGesture) -> KeyRole {
        switch gesture {
        case .pressed(let role), .tapped(let role), .held(let role), .heldLonger(let role): role
        }
    }

    /// What any key going down does before its own command: it leaves the calling screen, and
    /// commits an open multi-tap letter unless it is that letter's key or a delete.
    private func keyWentDown(_ role: KeyRole) {
        calling = nil
        switch role {
        case .delete: break
        case .digit(let digit) where digit == text.pending?.key: break
        default: text.commit()
        }
    }

    /// Carries out `command`; gives the request when it dials.
    private func perform(_ command: DialerCommand, at time: Microseconds) -> DialRequest? {
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
            return dial()
        }
        return nil
    }

    private func moveSelection(by step: Int) {
        guard let current = selection, !results.isEmpty else { return }
        selection = ((current + step) % results.count + results.count) % results.count
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
    /// neither. A dial clears the query and shows the call.
    private func dial() -> DialRequest? {
        let request: DialRequest
        if let selected = selection.map({ shownResults[$0] }), !selected.number.isEmpty {
            request = DialRequest(
                name: selected.name, number: selected.number, contact: selected.result.contact, uid: selected.uid)
        } else if let number = typedNumber {
            request = DialRequest(number: number)
        } else {
            return nil
        }
        clearQuery()
        calling = request
        return request
    }

    /// The query as a number to dial: T9's digits and `+`, or a multi-tap text made only of
    /// digits, `+`, spaces and hyphens; nil without a digit (a `+` alone dials nothing).
    private var typedNumber: String? {
        let number = currentMultiTapKeys == nil ? t9.typed : text.query.text
        let digits: Set<Character> = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]
        let allowed = digits.union(["+", " ", "-"])
        guard number.contains(where: digits.contains), number.allSatisfy(allowed.contains) else { return nil }
        let first = number.firstIndex { $0 != " " }!, last = number.lastIndex { $0 != " " }!
        return String(number[first...last])
    }

    // MARK: Query and results

    private var currentMultiTapKeys: MultiTapKeys? {
        modePosition == 0 ? nil : multiTapKeys[modePosition - 1]
    }

    private var idleDeadline: Microseconds? {
        guard let idleClear = settings.idleClear, let lastKeyTime, !(t9.isEmpty && text.isEmpty) else { return nil }
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
        let found: [SearchResult]
        if currentMultiTapKeys != nil {
            let query = text.query.text
            textSearch.setText(query)
            found = query.allSatisfy(\.isWhitespace) ? [] : textSearch.results(limit: settings.resultLimit)
        } else {
            found = t9.results(limit: settings.resultLimit)
        }
        let sameContacts = found.map { [$0.contact, $0.number] } == results.map { [$0.contact, $0.number] }
        if !sameContacts { selection = found.isEmpty ? nil : 0 }
        results = found
        shownResults = found.map { ShownResult($0, in: index.contacts) }
    }

    // MARK: Screen

    private func makeScreen() -> ScreenState {
        let mode = modes[modePosition]
        return ScreenState(
            mode: mode,
            modeLabel: currentMultiTapKeys?.label ?? "T9",
            query: currentMultiTapKeys != nil ? text.query : QueryText(committed: t9.typed),
            results: shownResults,
            selection: selection,
            calling: calling
        )
    }

    /// Adds a screen update when the screen differs from the last one reported.
    private func publish(into updates: inout [DialerUpdate]) {
        let next = makeScreen()
        guard next != screen else { return }
        screen = next
        updates.append(.screen(next))
    }
}
