// SPDX-License-Identifier: Apache-2.0

public import InputEvents

/// The dialer's timings and limits; the defaults are what feature phones and TT9 use.
public struct DialerSettings: Sendable, Hashable {
    /// How long a multi-tap letter stays open for another press of its key (TT9's time by default).
    public var multiTapCommit: Microseconds
    /// How long after the last key the query clears by itself; nil never clears it.
    public var idleClear: Microseconds?
    /// How many results the screen holds.
    public var resultLimit: Int
    /// The mode the dialer starts in.
    public var initialMode: InputMode
    /// How long the end of a followed call stays on the screen before the dialer is back.
    public var endedCallShown: Microseconds
    /// How long the dialer waits with nothing happening before the screen sleeps (blanks);
    /// nil never sleeps (`DialerSession+Sleep.swift`).
    public var sleepAfter: Microseconds?

    public init(
        multiTapCommit: Microseconds = 800_000,
        idleClear: Microseconds? = 30_000_000,
        resultLimit: Int = 20,
        initialMode: InputMode = .t9,
        endedCallShown: Microseconds = 4_000_000,
        sleepAfter: Microseconds? = nil
    ) {
        self.multiTapCommit = multiTapCommit
        self.idleClear = idleClear
        self.resultLimit = resultLimit
        self.initialMode = initialMode
        self.endedCallShown = endedCallShown
        self.sleepAfter = sleepAfter
    }
}
