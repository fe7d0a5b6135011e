// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import DialerEngine
import DialerKit

/// A display for a run of weeks: it keeps the last screen and counts the rest, where
/// `InMemoryDisplay` keeps everything.
struct SoakDisplay: DialerDisplay {
    private(set) var screen: ScreenState?
    private(set) var screensShown = 0
    /// The dials the dialer asked for.
    private(set) var dials = 0
    /// The followed calls over, outgoing and incoming, and how each went.
    private(set) var calls = 0
    private(set) var outcomes: [CallOutcome: Int] = [:]
    private(set) var tonesSent = 0

    mutating func take(_ update: DialerUpdate) {
        switch update {
        case .screen(let screen):
            self.screen = screen
            screensShown += 1
        case .dial: dials += 1
        case .sendTones(let tones): tonesSent += tones.count
        case .callEnded(let record):
            calls += 1
            outcomes[record.outcome, default: 0] += 1
        case .dialFinished, .hangUp, .answer, .callControl, .callWaiting:
            // Counted through the calls they end in.
            break
        }
    }
}
