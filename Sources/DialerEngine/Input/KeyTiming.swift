// SPDX-License-Identifier: Apache-2.0

public import InputEvents

/// How long the keypad's timers are: the chatter window and the two hold times. All in
/// microseconds of the events' clock.
public struct KeyTiming: Sendable, Hashable {
    /// A press this soon after the key's last release, or a release followed this soon by a new
    /// press, is contact chatter. The default window stays well below the gap between the
    /// presses of the fastest multi-tap typing.
    public var debounce: Microseconds
    /// A key held this long is held (`*` deletes, `#` switches mode, `0` types `+`); released
    /// sooner it is tapped.
    public var longPress: Microseconds
    /// A key held this long is held longer (`*` clears the query). When it is not longer
    /// than `longPress`, both fire together, held first.
    public var clearHold: Microseconds

    public init(debounce: Microseconds = 15_000, longPress: Microseconds = 500_000, clearHold: Microseconds = 2_000_000) {
        self.debounce = debounce
        self.longPress = longPress
        self.clearHold = clearHold
    }

    /// Timings given in whole milliseconds, as t9dial.toml writes them.
    public init(debounceMilliseconds: Int, longPressMilliseconds: Int, clearHoldMilliseconds: Int) {
        self.init(
            debounce: Self.microseconds(milliseconds: debounceMilliseconds),
            longPress: Self.microseconds(milliseconds: longPressMilliseconds),
            clearHold: Self.microseconds(milliseconds: clearHoldMilliseconds)
        )
    }

    private static func microseconds(milliseconds: Int) -> Microseconds {
        let (product, overflow) = Microseconds(milliseconds).multipliedReportingOverflow(by: 1000)
        guard overflow else { return product }
        return milliseconds > 0 ? .max : .min
    }
}
