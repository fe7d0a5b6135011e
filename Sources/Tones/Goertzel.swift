// SPDX-License-Identifier: Apache-2.0

/// The Goertzel algorithm: how strongly one frequency sounds in a block of samples, the way a
/// DTMF receiver listens. What the tests (and the VM tests' analysis of a recording) use to
/// check what was really played.
public enum Goertzel {
    /// The amplitude of `frequency` in `samples` at `rate`, in the samples' units: a sine of
    /// amplitude A at exactly that frequency gives about A, silence 0.
    public static func amplitude(of frequency: Double, in samples: some Collection<Int16>, rate: Int) -> Double {
        guard !samples.isEmpty, rate > 0 else { return 0 }
        let omega = 2 * Double.pi * frequency / Double(rate)
        let coefficient = 2 * sine(omega + Double.pi / 2)
        var previous = 0.0
        var beforePrevious = 0.0
        for sample in samples {
            let current = Double(sample) + coefficient * previous - beforePrevious
            beforePrevious = previous
            previous = current
        }
        let power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
        return 2 * max(0, power).squareRoot() / Double(samples.count)
    }

    /// The frequency in `range` (searched in steps of `step` hertz) that sounds strongest.
    public static func strongest(in range: ClosedRange<Double>, step: Double = 1, samples: some Collection<Int16>, rate: Int) -> Double {
        var best = range.lowerBound
        var bestAmplitude = -1.0
        var frequency = range.lowerBound
        while frequency <= range.upperBound {
            let amplitude = amplitude(of: frequency, in: samples, rate: rate)
            if amplitude > bestAmplitude { (best, bestAmplitude) = (frequency, amplitude) }
            frequency += step
        }
        return best
    }
}
