// SPDX-License-Identifier: Apache-2.0

/// A recording cut into stretches of sound and silence by the energy of short blocks: how a
/// test finds the cadence a ring really had.
public enum ToneAnalysis {
    /// A stretch of sound or of silence.
    public struct Run: Sendable, Hashable {
        public var sounding: Bool
        public var startMilliseconds: Int
        public var milliseconds: Int

        public init(sounding: Bool, startMilliseconds: Int, milliseconds: Int) {
            self.sounding = sounding
            self.startMilliseconds = startMilliseconds
            self.milliseconds = milliseconds
        }
    }

    /// The runs of `samples`, in blocks of `blockMilliseconds`: a block sounds when its RMS
    /// passes `threshold` (in sample units).
    public static func runs(_ samples: [Int16], rate: Int, blockMilliseconds: Int = 10, threshold: Double = 300) -> [Run] {
        let block = max(1, rate * blockMilliseconds / 1000)
        var runs: [Run] = []
        var start = 0
        while start < samples.count {
            let end = min(samples.count, start + block)
            let energy = samples[start..<end].reduce(0.0) { $0 + Double($1) * Double($1) }
            let sounding = (energy / Double(end - start)).squareRoot() > threshold
            let startMilliseconds = start * 1000 / rate
            let milliseconds = (end - start) * 1000 / rate
            if let last = runs.last, last.sounding == sounding {
                runs[runs.count - 1].milliseconds += milliseconds
            } else {
                runs.append(Run(sounding: sounding, startMilliseconds: startMilliseconds, milliseconds: milliseconds))
            }
            start = end
        }
        return runs
    }
}
