// SPDX-License-Identifier: Apache-2.0

/// How a ring is cut into sound and silence: alternating on and off lengths, starting with on,
/// one cycle of which repeats.
public struct Cadence: Sendable, Hashable {
    /// The lengths in milliseconds: on, off, on, off...; an even count.
    public let milliseconds: [Int]

    /// North America: 2 s on, 4 s off.
    public static let us = Cadence(checked: [2000, 4000])
    /// The United Kingdom's double ring: 0.4 s on, 0.2 s off, 0.4 s on, 2 s off.
    public static let uk = Cadence(checked: [400, 200, 400, 2000])

    /// The limits a chosen cadence is held to (docs/limits.md): short parts cannot be heard
    /// apart or switched by a relay, and a cycle longer than a minute is no ring.
    public enum Limits {
        /// Lengths given, on and off: 2 to this many.
        public static let maxParts = 16
        /// Each on or off part, in milliseconds: at least this long...
        public static let minPart = 50
        /// ...and at most this long.
        public static let maxPart = 10_000
        /// The whole cycle, in milliseconds.
        public static let maxCycle = 60_000
    }

    /// What is wrong with a chosen cadence.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// Fewer than 2 or more than `Limits.maxParts` lengths.
        case partCount(Int)
        /// An odd count: the cycle must end with an off part.
        case oddCount(Int)
        /// A part shorter or longer than the limits (its index, its length).
        case partLength(index: Int, milliseconds: Int)
        /// The cycle longer than `Limits.maxCycle`.
        case cycleTooLong(milliseconds: Int)

        public var description: String {
            switch self {
            case .partCount(let count):
                "a cadence has 2 to \(Limits.maxParts) lengths (on, off, ...), not \(count)"
            case .oddCount(let count):
                "a cadence has an even count of lengths, on and off in pairs, not \(count): end it with an off length"
            case .partLength(let index, let milliseconds):
                "length \(index + 1) of the cadence is \(milliseconds) ms; each must be \(Limits.minPart) to \(Limits.maxPart) ms"
            case .cycleTooLong(let milliseconds):
                "the cadence's cycle is \(milliseconds) ms; at most \(Limits.maxCycle) ms"
            }
        }
    }

    private init(checked milliseconds: [Int]) {
        self.milliseconds = milliseconds
    }

    /// A chosen cadence, checked against `Limits`.
    public init(milliseconds: [Int]) throws(Problem) {
        guard (2...Limits.maxParts).contains(milliseconds.count) else { throw .partCount(milliseconds.count) }
        guard milliseconds.count.isMultiple(of: 2) else { throw .oddCount(milliseconds.count) }
        for (index, length) in milliseconds.enumerated() where !(Limits.minPart...Limits.maxPart).contains(length) {
            throw .partLength(index: index, milliseconds: length)
        }
        let cycle = milliseconds.reduce(0, +)
        guard cycle <= Limits.maxCycle else { throw .cycleTooLong(milliseconds: cycle) }
        self.milliseconds = milliseconds
    }

    /// The length of one cycle.
    public var cycleMilliseconds: Int { milliseconds.reduce(0, +) }

    /// One cycle as segments: the on parts sounding `frequencies`, the off parts silent.
    public func segments(sounding frequencies: [Double]) -> [ToneSegment] {
        milliseconds.enumerated().map { index, length in
            index.isMultiple(of: 2) ? ToneSegment(frequencies, milliseconds: length) : .silence(length)
        }
    }
}
