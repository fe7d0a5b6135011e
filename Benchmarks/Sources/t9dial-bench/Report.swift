// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Percentiles of timings, as a table row.
enum Report {
    static func header() -> String {
        "  " + "kind".padding(toLength: 16, withPad: " ", startingAt: 0) + "   count      p50      p99      max"
    }

    static func row(_ kind: String, _ durations: [Duration]) -> String {
        row(kind, count: durations.count, p50: percentile(durations, 0.5), p99: percentile(durations, 0.99), max: micro(durations.max()!))
    }

    /// A row of figures worked out already, in microseconds.
    static func row(_ kind: String, count: Int, p50: Double, p99: Double, max: Double) -> String {
        "  " + kind.padding(toLength: 16, withPad: " ", startingAt: 0) + String(format: " %7d %6.1f µs %6.1f µs %6.1f µs", count, p50, p99, max)
    }

    /// The row of the same timings measured in several passes: the median of the passes' p50s,
    /// of their p99s and of their maxima, and the count of one pass.
    static func medianRow(_ kind: String, passes: [[Duration]]) -> String {
        func median(_ figure: ([Duration]) -> Double) -> Double { passes.map(figure).sorted()[passes.count / 2] }
        return row(
            kind, count: passes[0].count, p50: median { percentile($0, 0.5) }, p99: median { percentile($0, 0.99) }, max: median { micro($0.max()!) })
    }

    /// The `p` percentile of `durations` (0.99: p99), in microseconds.
    static func percentile(_ durations: [Duration], _ p: Double) -> Double {
        let sorted = durations.sorted()
        return micro(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))])
    }

    static func micro(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
    }

    static func megabytes(_ value: Double) -> String { String(format: "%.1f MB", value) }

    static func ms(_ start: ContinuousClock.Instant, _ end: ContinuousClock.Instant) -> String { ms(end - start) }

    static func ms(_ duration: Duration) -> String { String(format: "%.0f ms", micro(duration) / 1000) }
}

/// The process's resident memory, from /proc/self.
enum Memory {
    /// Resident memory now.
    static func residentMegabytes() -> Double { statusField("VmRSS:") }

    /// The most resident memory so far (VmHWM). Unlike getrusage's ru_maxrss, it starts again
    /// at exec, so it does not count the memory of a `swift run` that started the benchmark.
    static func peakResidentMegabytes() -> Double { statusField("VmHWM:") }

    private static func statusField(_ name: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { return 0 }
        return kilobytes / 1024
    }
}
