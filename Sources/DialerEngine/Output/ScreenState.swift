// SPDX-License-Identifier: Apache-2.0

/// Everything a display shows at one moment: a value, so displays can be compared, recorded
/// and redrawn without asking the dialer anything.
public struct ScreenState: Sendable, Hashable {
    public var mode: InputMode
    /// A short name for the mode, as feature phones show it: "T9", "abc", "абв", "αβγ".
    public var modeLabel: String
    public var query: QueryText
    /// The best matches of the query, best first, with their highlights: the first
    /// `resultCount`, or fewer when the displays show fewer rows (`DialerSession.shownRows`).
    /// The selection is always among them.
    public var results: [ShownResult]
    /// How many results the query has, shown or not.
    public var resultCount: Int
    /// The position in `results` that a dial calls; nil when there are no results.
    public var selection: Int?
    /// The call started by the last dial, shown until the next key.
    public var calling: DialRequest?
    /// How that call is going; nil for a call shown without a dial method behind it.
    public var callProgress: CallProgress?
    /// A line about the dialer itself rather than the query, for as long as it holds: no
    /// keypad plugged in, no contacts to search. Nil when all is well.
    public var notice: String?
    /// How much of the contact book is loaded, in percent, while it is loaded at start; nil
    /// once it is loaded (or was never loading). Keys typed meanwhile are searched once it is loaded.
    public var loading: Int?
    /// The call log, while it is on the screen in place of the query and its results (the
    /// call key on an empty query); nil otherwise.
    public var callLog: CallLogScreen?
    /// The second call of call waiting, under the current one: waiting to be answered, or
    /// held (`ScreenState+Waiting.swift`). Nil with one call or none.
    public var otherCall: OtherCall? = nil
    /// Whether this end of the current call is muted.
    public var muted = false
    /// What the last call key came to, until the next key: "Volume 60%", "Mute: not on this
    /// line".
    public var callNote: String? = nil
    /// The keys of the call under way and what they do now ("Enter answer  Bksp reject"), for
    /// the screen's help line; nil with no call.
    public var callKeys: String? = nil
    /// Whether the screen sleeps (blanked after `DialerSettings.sleepAfter` with nothing
    /// happening): a panel is blanked, a JSON display says `sleep`; the rest is what the
    /// screen shows once it wakes.
    public var asleep: Bool
    /// The idle screen's status line (the clock, the missed calls, the battery), when the
    /// run keeps one (`DialerSession.setStatus`); nil otherwise. Every screen carries it; the
    /// idle one (no query, no call, no call log) shows it.
    public var status: StatusLine?

    /// `resultCount` is `results.count` unless given.
    public init(
        mode: InputMode, modeLabel: String, query: QueryText = QueryText(), results: [ShownResult] = [],
        resultCount: Int? = nil, selection: Int? = nil, calling: DialRequest? = nil,
        callProgress: CallProgress? = nil, notice: String? = nil, loading: Int? = nil, callLog: CallLogScreen? = nil,
        asleep: Bool = false, status: StatusLine? = nil
    ) {
        self.mode = mode
        self.modeLabel = modeLabel
        self.query = query
        self.results = results
        self.resultCount = max(resultCount ?? results.count, results.count)
        self.selection = selection
        self.calling = calling
        self.callProgress = calling == nil ? nil : callProgress
        self.notice = notice
        self.loading = loading
        self.callLog = callLog
        self.asleep = asleep
        self.status = status
    }

    /// The line a display shows under the results: the notice, else how far the book has
    /// loaded ("Loading contacts… 42%").
    public var noticeLine: String? {
        notice ?? loading.map { "Loading contacts… \($0)%" }
    }

    /// This screen without how far the book has loaded, only whether it is loading: for a
    /// display that writes each screen once for good (JSON, text into a file), and should not
    /// write one for every percent.
    public var withoutLoadingPercent: ScreenState {
        var screen = self
        screen.loading = loading.map { _ in 0 }
        return screen
    }

    /// This screen without the running time of a connected call: for a display that writes a
    /// call's screen when the call changes, not every second.
    public var withoutCallClock: ScreenState {
        var screen = self
        screen.callProgress = callProgress?.withoutClock
        return screen
    }

    public var selectedResult: ShownResult? {
        guard let selection, results.indices.contains(selection) else { return nil }
        return results[selection]
    }
}
