// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes

/// The idle screen's status line: its clock and battery come from the run, its missed calls
/// from the session's call log.
extension DialerSession {
    /// Shows `status` (its clock and battery; its missed calls are the session's own) from now
    /// on; nil: no status line.
    public func setStatus(_ status: StatusLine?) -> [DialerUpdate] {
        self.status = status
        var updates: [DialerUpdate] = []
        publish(into: &updates)
        return updates
    }

    /// Shows `state` on the status line from now on: what the line last said of itself.
    public func setLineState(_ state: LineState?) -> [DialerUpdate] {
        lineState = state
        var updates: [DialerUpdate] = []
        publish(into: &updates)
        return updates
    }

    /// The status line the screen carries: the run's, with the missed calls not seen yet and
    /// the line's state.
    var statusLine: StatusLine? {
        guard var line = status else { return nil }
        line.missedCalls = callLog.unseenMissed
        line.line = lineState
        return line
    }
}

extension ScreenState {
    /// Whether this is the idle screen, which shows the status line: no query, no call, no
    /// call log.
    public var isIdle: Bool { query.isEmpty && calling == nil && callLog == nil }

    /// This screen without its status line: for a display that writes each screen when what
    /// it shows of the dialer changes, not each minute of the clock.
    public var withoutStatus: ScreenState {
        var screen = self
        screen.status = nil
        return screen
    }
}
