// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes

/// Where the call shown on the calling screen is.
public enum CallProgress: Sendable, Hashable {
    /// The dial method is still at work (a program running, a modem not yet answering).
    case dialling
    /// The method is done: the call is placed, or failed and the query is kept.
    case finished(DialOutcome)
}

extension CallProgress {
    /// The first line of the calling screen: "Dialling", "Calling", or why the dial failed.
    public var headline: String {
        switch self {
        case .dialling: "Dialling"
        case .finished(let outcome) where outcome.isPlaced: "Calling"
        case .finished(let outcome): outcome.screenMessage
        }
    }

    /// Whether the dial is over and failed: the query is kept behind the screen.
    public var failed: Bool {
        if case .finished(let outcome) = self { return !outcome.isPlaced }
        return false
    }
}

extension ScreenState {
    /// The calling screen's first line; "Calling" for a call shown without a dial method.
    public var callHeadline: String { callProgress?.headline ?? "Calling" }
}
