// SPDX-License-Identifier: Apache-2.0

/// Recorded sound as 16-bit mono samples at a rate: a ringtone read from a WAV file.
public struct PCMClip: Sendable, Hashable {
    /// Samples a second.
    public var rate: Int
    public var samples: [Int16]

    public init(rate: Int, samples: [Int16]) {
        self.rate = rate
        self.samples = samples
    }

    /// The length in milliseconds.
    public var milliseconds: Int { rate > 0 ? samples.count * 1000 / rate : 0 }

    /// The same sound at another rate, by linear interpolation between neighbouring samples
    /// (a ringtone is made to the player's rate once, when it is read).
    public func resampled(to newRate: Int) -> PCMClip {
        guard newRate > 0, rate > 0, newRate != rate, !samples.isEmpty else { return PCMClip(rate: max(newRate, 1), samples: samples) }
        let count = samples.count * newRate / rate
        let step = Double(rate) / Double(newRate)
        let last = samples.count - 1
        let resampled = (0..<count).map { index -> Int16 in
            let position = Double(index) * step
            let before = min(Int(position), last)
            let after = min(before + 1, last)
            let fraction = position - Double(before)
            return Int16((Double(samples[before]) * (1 - fraction) + Double(samples[after]) * fraction).rounded())
        }
        return PCMClip(rate: newRate, samples: resampled)
    }
}
