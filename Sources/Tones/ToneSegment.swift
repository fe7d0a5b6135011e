// SPDX-License-Identifier: Apache-2.0

/// A stretch of sound: some sine tones played together for a time, or silence when there are
/// none.
public struct ToneSegment: Sendable, Hashable {
    /// The frequencies sounded together, in hertz; empty for silence.
    public var frequencies: [Double]
    public var milliseconds: Int

    public init(_ frequencies: [Double], milliseconds: Int) {
        self.frequencies = frequencies
        self.milliseconds = milliseconds
    }

    /// Nothing heard for a time.
    public static func silence(_ milliseconds: Int) -> ToneSegment {
        ToneSegment([], milliseconds: milliseconds)
    }

    /// Whether anything is heard.
    public var isSilent: Bool { frequencies.isEmpty }
}
