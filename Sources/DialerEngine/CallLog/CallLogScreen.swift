// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes

/// The call log as the displays show it: the recent calls, newest first, one of them selected
/// for the call key to call. Opened by the call key on an empty query (`DialerSession`).
public struct CallLogScreen: Sendable, Hashable {
    /// Whether only the missed calls are listed (opened from the "2 missed" notice).
    public var missedOnly: Bool
    public var rows: [CallLogRow]
    /// The row the call key calls; nil when the log is empty.
    public var selection: Int?

    /// How many recent calls the dialer keeps in memory for the log: as many as a phone's
    /// call log screen is scrolled through; older ones are in `t9dial history`.
    public static let maximumRows = 50

    public init(missedOnly: Bool = false, rows: [CallLogRow], selection: Int? = nil) {
        self.missedOnly = missedOnly
        self.rows = rows
        self.selection = selection
    }

    /// The log's heading: "Calls", or "Missed calls".
    public var title: String { missedOnly ? "Missed calls" : "Calls" }

    /// What an empty log says.
    public var emptyText: String { missedOnly ? "No missed calls" : "No calls yet" }

    public var selectedRow: CallLogRow? {
        guard let selection, rows.indices.contains(selection) else { return nil }
        return rows[selection]
    }
}

/// One call of the log: whom, which way, how it went, and when.
public struct CallLogRow: Sendable, Hashable {
    /// The contact's name (the book's), else the name the call came with; nil for a bare number.
    public var name: String?
    public var number: String
    public var uid: String?
    public var direction: CallDirection
    /// How it went, as the history says it: "answered", "missed", "no answer", ...
    public var outcome: String
    /// When, as a phone says it: `14:02` today, `Mon` this week, `3 Nov` before.
    public var when: String
    /// Whether it rang here and nobody answered.
    public var isMissed: Bool
    /// Whether it reached someone (answered, or placed by a launching method).
    public var wentThrough: Bool

    public init(
        name: String?, number: String, uid: String? = nil, direction: CallDirection, outcome: String, when: String,
        isMissed: Bool = false, wentThrough: Bool = true
    ) {
        self.name = name
        self.number = number
        self.uid = uid
        self.direction = direction
        self.outcome = outcome
        self.when = when
        self.isMissed = isMissed
        self.wentThrough = wentThrough
    }

    /// The name, or the number when there is none: the row's first text.
    public var title: String { name ?? number }

    /// The call's direction as an arrow: `→` dialled here, `←` rang here.
    public var arrow: String { direction == .outgoing ? "→" : "←" }
}
