// SPDX-License-Identifier: Apache-2.0

/// Where a playback volume control stands in its own range of steps (`amixer` shows both),
/// and where a volume key takes it.
public struct MixerLevel: Sendable, Hashable {
    /// The control's range, in its own steps (0...87 on one card, -10239...400 on another).
    public var range: ClosedRange<Int>
    /// Where it is now, inside `range`.
    public var value: Int

    /// How many key presses go from silent to full: each moves a tenth of the range.
    public static let stepsToFull = 10

    public init(range: ClosedRange<Int>, value: Int) {
        self.range = range
        self.value = min(max(value, range.lowerBound), range.upperBound)
    }

    /// Where it is as a percent of its range, rounded: what the screen shows.
    public var percent: Int {
        let span = range.upperBound - range.lowerBound
        guard span > 0 else { return 100 }
        return ((value - range.lowerBound) * 100 + span / 2) / span
    }

    /// One key press louder (`up`) or quieter: to the next tenth of the range that way (the
    /// nearest whole step to it), clamped to the range; ten presses go from silent to full.
    public func stepped(up: Bool) -> MixerLevel {
        let marks = (0...Self.stepsToFull).map { mark(at: $0) }
        let next = up ? marks.first { $0 > value } : marks.last { $0 < value }
        return MixerLevel(range: range, value: next ?? value)
    }

    /// The value `tenths` tenths of the way up the range, in the control's whole steps.
    private func mark(at tenths: Int) -> Int {
        let span = range.upperBound - range.lowerBound
        return range.lowerBound + (span * tenths + Self.stepsToFull / 2) / Self.stepsToFull
    }
}
