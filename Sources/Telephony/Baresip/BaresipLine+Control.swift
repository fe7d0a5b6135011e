// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
public import InputEvents

/// Call waiting, hold, mute and volume through baresip.
extension BaresipLine {
    public func control(_ control: CallControl, at now: Microseconds) -> [LineEvent] {
        [.notOnThisLine(control)]
    }
}
