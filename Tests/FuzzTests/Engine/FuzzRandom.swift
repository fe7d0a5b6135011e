// SPDX-License-Identifier: Apache-2.0

/// SplitMix64: a small, fast, seeded generator, so a run is the same on every machine and a
/// seed printed by `make fuzz` replays it.
struct FuzzRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (bound > 0).
    mutating func below(_ bound: Int) -> Int { Int(next(upperBound: UInt64(bound))) }

    /// True once in `n` times.
    mutating func oneIn(_ n: Int) -> Bool { below(n) == 0 }
}
