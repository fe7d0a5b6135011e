// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Percentiles of timings, as a table row.
enum Report {
    static func header() -> String {
        "  " + "kind".padding(toLength: 16, withPad: " ", startingAt: 0) + "   count      p50      p99      max"
    }

    static func row(_ kind: String, _ durations: [Duration]) -> String {
        "  " + kind.padding(toLength: 16, withPad: " ", startingAt: 0)
            + String(
                format: " %7d %6.1f µs %6.1f µs %6.1f µs", durations.count, percentile(durations, 0.5), percentile(durations, 0.99), micro(durations.max()!))
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
