// SPDX-License-Identifier: Apache-2.0

public import DialerConfig
import DialerEngine
import Foundation
public import InputEvents

/// The idle screen's status line, kept by the driver of a live run (not a replay, whose
/// screens are the recording's alone).
extension DialerDriver {
    /// Keeps a status line from now on, its clock told as `format`; the first is read at the
    /// next step, `wall` telling the time of day (tests give their own).
    public func keepStatus(clock format: ScreenSettings.ClockFormat, powerSupplies: String = StatusKeeper.powerSupplyFolder) {
        status = StatusKeeper(clockFormat: format, powerSupplies: powerSupplies)
    }

    /// When the status line is read again: the next minute's start, or at once when it was
    /// never read or the screen woke; nil while the screen sleeps or no line is kept.
    var statusDeadline: Microseconds? {
        guard let status, !machine.session.isAsleep else { return nil }
        return status.nextRefresh ?? 0
    }

    /// Reads the status line again when it is due by `now`, and shows it; pauses it while the
    /// screen sleeps, so it is read again as soon as it wakes.
    func refreshStatus(at now: Microseconds, display: inout some DialerDisplay) {
        guard var keeper = status else { return }
        defer { status = keeper }
        if machine.session.isAsleep {
            keeper.pause()
            return
        }
        guard let due = statusDeadline, due <= now else { return }
        let status = keeper.refresh(wall: wallClock(), now: now)
        apply(machine.session.setStatus(status), to: &display)
        // A modem is asked its signal and network with the clock, so an idle dialer has no
        // other timer for it.
        apply(lineReports(line.askLineState(at: now)), to: &display)
    }
}
