// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes

/// Where the call shown on the calling screen is: a value, so screens compare and replay.
///
/// A dial method that only launches (print, exec) gives `dialling` then `finished`; a line that
/// follows the call (baresip, an AT modem, ModemManager) gives the rest.
public enum CallProgress: Sendable, Hashable {
    /// Dialled; the method is at work, or the far end does not ring yet.
    case dialling
    /// The launching method is done: the call is placed, or failed and the query is kept.
    case finished(DialOutcome)
    /// The far end rings.
    case ringing
    /// A call rings here.
    case incoming
    /// Connected for `seconds`.
    case connected(seconds: Int)
    /// Connected for `seconds`, and held here.
    case held(seconds: Int)
    /// Over: why, what the history calls it, and how long it was connected (nil: never).
    case ended(CallEnd, outcome: CallOutcome, seconds: Int?)
}

extension CallProgress {
    /// The first line of the calling screen: "Calling", "Ringing", "Connected 0:42", "On hold
    /// 0:42", "Call ended 1:07", "Busy", "No answer", "Incoming call", or why the dial failed.
    public var headline: String {
        switch self {
        case .dialling: "Calling"
        case .finished(let outcome) where outcome.isPlaced: "Calling"
        case .finished(let outcome): outcome.screenMessage
        case .ringing: "Ringing"
        case .incoming: "Incoming call"
        case .connected(let seconds): "Connected " + Self.clock(seconds)
        case .held(let seconds): "On hold " + Self.clock(seconds)
        case .ended(let end, let outcome, let seconds):
            switch outcome {
            case .answered, .placed: "Call ended" + (seconds.map { " " + Self.clock($0) } ?? "")
            case .busy: "Busy"
            case .noAnswer: end == .hungUpHere ? "Call ended" : "No answer"
            case .cancelled: "Call ended"
            case .missed: "Missed call"
            case .rejected: "Rejected"
            case .failed:
                if case .failed(let reason) = end, let line = reason.split(whereSeparator: \.isNewline).first {
                    "Failed: " + line
                } else {
                    "Failed"
                }
            }
        }
    }

    /// One word for what the call is doing, for JSON and scripts: "dialling", "placed",
    /// "failed", "ringing", "incoming", "connected", "held", "ended".
    public var state: String {
        switch self {
        case .dialling: "dialling"
        case .finished(let outcome): outcome.isPlaced ? "placed" : "failed"
        case .ringing: "ringing"
        case .incoming: "incoming"
        case .connected: "connected"
        case .held: "held"
        case .ended: "ended"
        }
    }

    /// Whether the dial is over and failed: the query is kept behind the screen.
    public var failed: Bool {
        switch self {
        case .finished(let outcome): !outcome.isPlaced
        case .ended(_, let outcome, _): outcome != .answered
        default: false
        }
    }

    /// This progress without the running time of a connected call: what changes only when the
    /// call does, for displays that write each change once (text, JSON).
    public var withoutClock: CallProgress {
        if case .connected = self { return .connected(seconds: 0) }
        if case .held = self { return .held(seconds: 0) }
        return self
    }

    /// "0:42", "1:07", "1:02:03": a call's time as phones show it.
    public static func clock(_ seconds: Int) -> String {
        let seconds = max(0, seconds)
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }
}

extension ScreenState {
    /// The calling screen's first line; "Calling" for a call shown without a dial method.
    public var callHeadline: String { callProgress?.headline ?? "Calling" }
}
