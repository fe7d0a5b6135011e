// SPDX-License-Identifier: Apache-2.0

/// Sine tones made into 16-bit mono samples, with a short fade at each edge of a segment so
/// that starting and stopping a tone never clicks.
public struct Synthesizer: Sendable, Hashable {
    /// Samples a second.
    public let rate: Int
    /// 0 (silence: every sample exactly 0) to 1 (the tones together reach full scale).
    public let volume: Double

    /// The fade at each edge of a segment, in milliseconds: long enough not to click, short
    /// enough to leave a DTMF digit its length.
    public static let fadeMilliseconds = 5

    /// `volume` is clamped to 0...1 (NaN is 0).
    public init(rate: Int, volume: Double) {
        self.rate = max(1, rate)
        self.volume = volume.isNaN ? 0 : min(1, max(0, volume))
    }

    /// The frames a segment of `milliseconds` lasts at this rate.
    public func frames(milliseconds: Int) -> Int {
        max(0, milliseconds) * rate / 1000
    }

    /// A whole segment.
    public func render(_ segment: ToneSegment) -> [Int16] {
        let count = frames(milliseconds: segment.milliseconds)
        return render(segment, frames: 0..<count, of: count)
    }

    /// Frames `range` of a segment `length` frames long (so a long tone is made a period at a
    /// time, and its fades fall at its true edges).
    public func render(_ segment: ToneSegment, frames range: Range<Int>, of length: Int) -> [Int16] {
        guard !segment.isSilent, volume > 0 else { return [Int16](repeating: 0, count: range.count) }
        let amplitude = 32_767 * volume / Double(segment.frequencies.count)
        let steps = segment.frequencies.map { 2 * Double.pi * $0 / Double(rate) }
        let fade = min(frames(milliseconds: Self.fadeMilliseconds), length / 2)
        return range.map { frame in
            var value = 0.0
            for step in steps { value += sine(step * Double(frame)) }
            let edge = min(frame, length - 1 - frame)
            let gain = fade > 0 && edge < fade ? Double(max(0, edge)) / Double(fade) : 1
            return Int16((value * amplitude * gain).rounded())
        }
    }

    /// Scales recorded samples by the volume, with the same fades at the edges of `length`.
    public func scale(_ samples: ArraySlice<Int16>, frames range: Range<Int>, of length: Int) -> [Int16] {
        guard volume > 0 else { return [Int16](repeating: 0, count: range.count) }
        let fade = min(frames(milliseconds: Self.fadeMilliseconds), length / 2)
        return range.map { frame in
            let index = samples.startIndex + frame
            guard index < samples.endIndex else { return 0 }
            let edge = min(frame, length - 1 - frame)
            let gain = fade > 0 && edge < fade ? Double(max(0, edge)) / Double(fade) : 1
            return Int16((Double(samples[index]) * volume * gain).rounded())
        }
    }
}

/// sin(x) in plain Swift, since the pure layer imports no libm: the angle is brought into
/// [-π, π] and a Taylor series of enough terms gives better than 16-bit accuracy there.
func sine(_ angle: Double) -> Double {
    let twoPi = 2 * Double.pi
    var x = angle - twoPi * (angle / twoPi).rounded()
    // sin(π - x) = sin(x) brings x into [-π/2, π/2], where the series converges fast.
    if x > Double.pi / 2 { x = Double.pi - x } else if x < -Double.pi / 2 { x = -Double.pi - x }
    let square = x * x
    var term = x
    var sum = x
    for n in stride(from: 2, through: 18, by: 2) {
        term *= -square / Double(n * (n + 1))
        sum += term
    }
    return sum
}
