// SPDX-License-Identifier: Apache-2.0

public import DialerEngine

/// The screen's sleep as JSON: `{"event":"sleep"}` and `{"event":"wake"}`.
extension JSONDisplay {
    /// Writes the sleep or the wake when `screen` differs from the last written in that;
    /// true when nothing else changed, so no screen line is written for it.
    mutating func writeSleepChange(_ screen: ScreenState) -> Bool {
        let before = lastWritten?.asleep ?? false
        guard screen.asleep != before else { return false }
        output.write(screen.asleep ? #"{"event":"sleep"}"# + "\n" : #"{"event":"wake"}"# + "\n")
        var awake = screen, awakeBefore = lastWritten
        awake.asleep = false
        awakeBefore?.asleep = false
        return awake == awakeBefore
    }
}
