// SPDX-License-Identifier: Apache-2.0

/// When to reload the contacts after they changed, with time as an input (CLOCK_MONOTONIC
/// microseconds, the clock of the dialer's timers), so it is tested without waiting.
///
/// Editors and syncs change files in bursts (a temporary file, a rename, a deletion; a sync
/// writes a card at a time), so a reload waits until the sources have been quiet for `settle`,
/// but never more than `longest` after the first change of a burst, so a source that keeps
/// changing is still reloaded now and then. One reload runs at a time: changes that come during
/// it are reloaded after it.
///
/// The loop tells it `changed(at:)` when the watcher saw a change, sleeps until `deadline` at
/// the latest, starts a reload when `startIfDue(at:)` says so, and calls `finished()` when the
/// reload is over (whether it loaded anything or not).
public struct ReloadSchedule: Sendable, Hashable {
    /// How long the sources must be quiet before a reload, in microseconds.
    public var settle: Int64
    /// The longest a reload waits after the first change not yet reloaded, in microseconds.
    public var longest: Int64
    /// The first and the last change not yet reloaded.
    private var firstChange: Int64?
    private var lastChange: Int64?
    /// Whether a reload is running (between `startIfDue` saying yes and `finished()`).
    public private(set) var isReloading = false

    public init(settle: Duration = .milliseconds(400), longest: Duration = .seconds(5)) {
        self.settle = Self.microseconds(settle)
        self.longest = Self.microseconds(longest)
    }

    /// Notes that a source changed at `now`.
    public mutating func changed(at now: Int64) {
        if firstChange == nil { firstChange = now }
        lastChange = max(lastChange ?? now, now)
    }

    /// Whether changes are waiting to be reloaded.
    public var isPending: Bool { firstChange != nil }

    /// When the next reload is due: nil when nothing changed, or while a reload runs (the loop
    /// then waits for the reload, not for this).
    public var deadline: Int64? {
        guard !isReloading, let firstChange, let lastChange else { return nil }
        return min(lastChange + settle, firstChange + longest)
    }

    /// True when a reload is due at `now`: the caller starts one, and the changes so far count
    /// as reloaded. False while one runs, or when nothing is due yet.
    public mutating func startIfDue(at now: Int64) -> Bool {
        guard let deadline, now >= deadline else { return false }
        firstChange = nil
        lastChange = nil
        isReloading = true
        return true
    }

    /// The reload started is over; changes that came during it are due at their own time.
    public mutating func finished() {
        isReloading = false
    }

    private static func microseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
    }
}
