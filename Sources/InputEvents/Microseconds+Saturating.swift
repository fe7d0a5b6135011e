// SPDX-License-Identifier: Apache-2.0

/// Deadline arithmetic that cannot trap: a press at a time near the end of the clock (a
/// corrupt recording) gives a far-off deadline instead of an overflow.
extension Microseconds {
    /// `self + delay`, held at `Int64.max` (or `.min`) instead of overflowing.
    public func addingSaturated(_ delay: Microseconds) -> Microseconds {
        let (sum, overflow) = addingReportingOverflow(delay)
        guard overflow else { return sum }
        return delay > 0 ? .max : .min
    }
}
