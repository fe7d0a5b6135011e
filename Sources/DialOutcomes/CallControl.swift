// SPDX-License-Identifier: Apache-2.0

/// A line's own name for one of its calls: baresip's call id, an AT modem's `+CLCC` index,
/// ModemManager's call object path. With it a line that follows two calls at once (one
/// current, one waiting or held) says which of them an event is about.
public struct LineCallID: Sendable, Hashable, CustomStringConvertible {
    public var rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }
}

/// What the user asks of the calls under way beyond dialling, answering, hanging up and
/// tones: the keys of call waiting, hold, mute and volume. A line that cannot do one says so
/// (`LineEvent.notOnThisLine`), and the screen shows it.
public enum CallControl: String, Sendable, Hashable, CaseIterable {
    /// Answers the call waiting; the current call is held (3GPP 27.007 `AT+CHLD=2`).
    case answerWaiting = "answer-waiting"
    /// Turns the call waiting away; the current call goes on (`AT+CHLD=0`).
    case rejectWaiting = "reject-waiting"
    /// Holds the current call and resumes the held one (`AT+CHLD=2`).
    case swap
    /// Holds the one call under way.
    case hold
    /// Resumes the held call.
    case resume
    /// Stops sending this end's sound to the far end.
    case mute
    /// Sends it again.
    case unmute
    /// Louder.
    case volumeUp = "volume-up"
    /// Quieter.
    case volumeDown = "volume-down"

    /// What the screen calls it: "Mute", "Swap", "Volume".
    public var label: String {
        switch self {
        case .answerWaiting: "Answer"
        case .rejectWaiting: "Reject"
        case .swap: "Swap"
        case .hold: "Hold"
        case .resume: "Resume"
        case .mute, .unmute: "Mute"
        case .volumeUp, .volumeDown: "Volume"
        }
    }
}
