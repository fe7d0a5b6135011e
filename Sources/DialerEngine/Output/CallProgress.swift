/// What came of a dial, as the dialer needs to know it: whether the call was placed, and one
/// line for the screen ("Calling +441214960000", "Busy", "Failed: exit 3: no modem"). The
/// method's full story goes to the log; the session only shows this.
public struct CallOutcome: Sendable, Hashable {
    public var placed: Bool
    public var message: String

    public init(placed: Bool, message: String) {
        self.placed = placed
        self.message = message
    }
}

/// Where the call shown on the calling screen is.
public enum CallProgress: Sendable, Hashable {
    /// The dial method is still at work (a program running, a modem not yet answering).
    case dialling
    /// The method is done: the call is placed, or failed and the query is kept.
    case finished(CallOutcome)
}

extension CallProgress {
    /// The first line of the calling screen: "Dialling", "Calling", or why the dial failed.
    public var headline: String {
        switch self {
        case .dialling: "Dialling"
        case .finished(let outcome) where outcome.placed: "Calling"
        case .finished(let outcome): outcome.message
        }
    }

    /// Whether the dial is over and failed: the query is kept behind the screen.
    public var failed: Bool {
        if case .finished(let outcome) = self { return !outcome.placed }
        return false
    }
}

extension ScreenState {
    /// The calling screen's first line; "Calling" for a call shown without a dial method.
    public var callHeadline: String { callProgress?.headline ?? "Calling" }
}
