// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
public import InputEvents

/// Call waiting, hold, mute and volume on an AT modem (`ModemCallTracker+Waiting.swift`).
extension ModemCallLine {
    public func control(_ control: CallControl, at now: Microseconds) -> [LineEvent] {
        var events: [LineEvent] = []
        take(tracker.control(control, at: now), now, &events)
        return events
    }
}
