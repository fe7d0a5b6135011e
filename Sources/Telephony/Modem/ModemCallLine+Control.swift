// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
public import InputEvents

/// Call waiting, hold, mute and volume on an AT modem.
extension ModemCallLine {
    /// The modem line follows one call: the rest is not on this line yet.
    public func control(_ control: CallControl, at now: Microseconds) -> [LineEvent] {
        [.notOnThisLine(control)]
    }
}
