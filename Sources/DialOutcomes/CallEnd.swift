// SPDX-License-Identifier: Apache-2.0

/// Which way a call goes.
public enum CallDirection: String, Sendable, Hashable, CaseIterable {
    /// Dialled here.
    case outgoing = "out"
    /// Rang here.
    case incoming = "in"
}

/// Why a call ended. Every end has one; the screen shows it and the history keeps it as an
/// outcome (`CallOutcome`).
public enum CallEnd: Sendable, Hashable {
    /// The user here hung up (or, on an incoming call not yet answered, rejected it).
    case hungUpHere
    /// The far end hung up (or, on an incoming call not yet answered, gave up: a missed call).
    case hungUpThere
    /// The far end was busy (SIP 486, the modem's `BUSY`, ModemManager's refused-or-busy).
    case busy
    /// Nobody answered before the network gave up (SIP 408/480, `NO ANSWER`).
    case noAnswer
    /// The far end declined the call (SIP 603), or the call was rejected here.
    case rejected
    /// The call could not be made or was lost, and why (the back-end's own words).
    case failed(String)
}

/// How a call went, as the history keeps it and `t9dial history` shows it.
public enum CallOutcome: String, Sendable, Hashable, CaseIterable {
    /// Connected, whoever hung up.
    case answered
    case busy
    /// An outgoing call nobody answered (or that was given up here while it rang).
    case noAnswer = "no answer"
    /// An outgoing call hung up here before the far end rang: Android's call log's
    /// "Cancelled", an outgoing call of no duration.
    case cancelled
    /// An incoming call that ended before it was answered here.
    case missed
    /// An incoming call rejected here.
    case rejected
    case failed
    /// Handed to a program that does not follow calls (`[dial] method = "exec"`): placed,
    /// and nothing more is known.
    case placed

    /// The outcome of a call that went `direction`, ended for `end`, and was connected or not;
    /// `rang` says whether the far end of an outgoing call rang first (a line that cannot tell
    /// says it did not).
    public init(direction: CallDirection, end: CallEnd, wasConnected: Bool, rang: Bool) {
        if wasConnected {
            self = .answered
            return
        }
        switch (direction, end) {
        case (_, .busy): self = .busy
        case (_, .failed): self = .failed
        case (.outgoing, .rejected): self = .rejected
        case (.outgoing, .hungUpHere) where !rang: self = .cancelled
        case (.outgoing, .noAnswer), (.outgoing, .hungUpHere), (.outgoing, .hungUpThere): self = .noAnswer
        case (.incoming, .hungUpHere), (.incoming, .rejected): self = .rejected
        case (.incoming, .hungUpThere), (.incoming, .noAnswer): self = .missed
        }
    }
}
