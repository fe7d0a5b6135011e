// SPDX-License-Identifier: Apache-2.0

/// SplitMix64: a small, fast, seeded generator, so that a test, a soak, a fuzz run or a
/// benchmark with the same seed makes the same values on every machine, and a failing seed
/// can be replayed. The one seeded generator of the tests and the benchmarks.
public struct SplitMix: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `range`.
    public mutating func next(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// A value in `0..<bound` (bound > 0).
    public mutating func below(_ bound: Int) -> Int {
        Int(next(upperBound: UInt64(bound)))
    }

    /// True once in `n` times.
    public mutating func oneIn(_ n: Int) -> Bool {
        below(n) == 0
    }

    /// Whether an event of probability `chance` happens.
    public mutating func chance(_ chance: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < chance
    }
}
