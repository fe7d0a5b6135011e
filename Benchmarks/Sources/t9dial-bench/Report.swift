import Foundation

/// Percentiles of timings, as a table row.
enum Report {
    static func header() -> String {
        "  " + "kind".padding(toLength: 16, withPad: " ", startingAt: 0) + "   count      p50      p99      max"
    }

    static func row(_ kind: String, _ durations: [Duration]) -> String {
        let sorted = durations.sorted()
        func percentile(_ p: Double) -> Duration { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
        return "  " + kind.padding(toLength: 16, withPad: " ", startingAt: 0)
            + String(format: " %7d %6.1f µs %6.1f µs %6.1f µs", sorted.count, micro(percentile(0.5)), micro(percentile(0.99)), micro(sorted.last!))
    }

    static func micro(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
    }

    static func ms(_ start: ContinuousClock.Instant, _ end: ContinuousClock.Instant) -> String {
        String(format: "%.0f ms", micro(end - start) / 1000)
    }
}

/// The process's peak resident memory, from getrusage.
enum Memory {
    /// Resident memory now, from /proc/self/statm.
    static func residentMegabytes() -> Double {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    static func peakResidentMegabytes() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}
