// SPDX-License-Identifier: Apache-2.0

import Foundation

/// One sample of the soak, at the end of a simulated hour: the process, and the counts so far.
struct SoakSample: Sendable {
    var day: Int
    var hour: Int
    var process: ProcessSample
    var keys: Int
    var sessions: Int
    var dials: Int
    var calls: Int
    /// Reloads of the config (SIGHUP, the config file), as the log says them.
    var reloads: Int
    /// Syncs that brought a change, as the log says them.
    var syncs: Int
    /// Hourly rewrites of the contact file seen in the book searched.
    var rewritesSeen: Int
    /// The calls in the dial history.
    var historyRows: Int?
}

/// What the samples say: a table by day, and whether memory, descriptors and threads stayed
/// flat after the first day: anonymous memory within `memoryTolerance` of its level at the
/// end of the first day, descriptors and threads exactly at theirs.
struct SoakReport {
    let samples: [SoakSample]
    static let memoryTolerance = 1024

    /// Why the soak fails, on memory, descriptors and threads; empty when all stayed flat.
    /// The first day is the warm-up: what it brings in stays (libcurl, SQLite's caches, the
    /// second connection to the history a reload opens and the descriptor SQLite keeps of a
    /// closed one, the allocator's arenas). Every later sample is compared with its last.
    /// libdispatch's pool workers are left out (`ProcessSample.poolThreads`).
    var failures: [String] {
        guard let base = samples.first(where: { $0.day == 1 && $0.hour == 24 }) else { return ["no sample at the end of day 1"] }
        let later = samples.filter { $0.day > 1 }
        guard !later.isEmpty else { return ["no sample after day 1: a soak runs two days at least"] }
        var failures: [String] = []
        if let moved = later.first(where: { $0.process.descriptors != base.process.descriptors }) {
            failures.append(
                "open descriptors: \(base.process.descriptors) at the end of day 1, \(moved.process.descriptors) at day \(moved.day) hour \(moved.hour), "
                    + "\(later.last!.process.descriptors) at the end")
        }
        if let moved = later.first(where: { $0.process.threads != base.process.threads }) {
            failures.append(
                "threads: \(base.process.threads) at the end of day 1, \(moved.process.threads) at day \(moved.day) hour \(moved.hour), "
                    + "\(later.last!.process.threads) at the end")
        }
        let anon = base.process.anonymousKilobytes
        if let worst = later.max(by: { abs($0.process.anonymousKilobytes - anon) < abs($1.process.anonymousKilobytes - anon) }),
            abs(worst.process.anonymousKilobytes - anon) > Self.memoryTolerance
        {
            failures.append(
                "anonymous memory: \(Self.megabytes(anon)) MB at the end of day 1, \(Self.megabytes(worst.process.anonymousKilobytes)) MB "
                    + "at day \(worst.day) hour \(worst.hour) (more than \(Self.memoryTolerance / 1024) MB away); "
                    + "\(String(format: "%+.0f", growthPerDay ?? 0)) kB a day after day 1; the heap in use "
                    + "\(Self.megabytes(base.process.heapKilobytes)) MB then, \(Self.megabytes(worst.process.heapKilobytes)) MB there, "
                    + "\(String(format: "%+.0f", heapGrowthPerDay ?? 0)) kB a day")
        }
        return failures
    }

    /// RssAnon at the end of the first day, in kilobytes; nil before it.
    var memoryBase: Int? { samples.first { $0.day == 1 && $0.hour == 24 }?.process.anonymousKilobytes }

    /// The slope of RssAnon after the first day (least squares), in kilobytes a day.
    var growthPerDay: Double? { slope(\.anonymousKilobytes) }

    /// The slope of the heap in use after the first day (least squares), in kilobytes a day.
    var heapGrowthPerDay: Double? { slope(\.heapKilobytes) }

    private func slope(_ value: KeyPath<ProcessSample, Int>) -> Double? {
        let later = samples.filter { $0.day > 1 || $0.hour == 24 }
        guard later.count > 2 else { return nil }
        let xs = later.map { Double($0.day - 1) + Double($0.hour) / 24 }
        let ys = later.map { Double($0.process[keyPath: value]) }
        let meanX = xs.reduce(0, +) / Double(xs.count)
        let meanY = ys.reduce(0, +) / Double(ys.count)
        let covariance = zip(xs, ys).map { ($0 - meanX) * ($1 - meanY) }.reduce(0, +)
        let variance = xs.map { ($0 - meanX) * ($0 - meanX) }.reduce(0, +)
        return variance == 0 ? nil : covariance / variance
    }

    /// The samples as a table, a line a day (the day's last sample, with the lowest and highest
    /// anonymous memory of its hours), or a line an hour with `hourly`.
    func table(hourly: Bool) -> String {
        let header = [
            "day", "hour", "anon MB", "day min-max", "heap MB", "fds", "threads", "pool", "keys", "sessions", "dials", "calls", "reloads", "syncs", "rewrites",
            "history",
        ]
        var rows: [[String]] = []
        for sample in samples where hourly || sample.hour == 24 {
            let day = samples.filter { $0.day == sample.day }.map(\.process.anonymousKilobytes)
            rows.append([
                "\(sample.day)", "\(sample.hour)", Self.megabytes(sample.process.anonymousKilobytes),
                "\(Self.megabytes(day.min() ?? 0))-\(Self.megabytes(day.max() ?? 0))", Self.megabytes(sample.process.heapKilobytes),
                "\(sample.process.descriptors)",
                "\(sample.process.threads)", "\(sample.process.poolThreads)", "\(sample.keys)", "\(sample.sessions)", "\(sample.dials)", "\(sample.calls)",
                "\(sample.reloads)",
                "\(sample.syncs)", "\(sample.rewritesSeen)", sample.historyRows.map { "\($0)" } ?? "",
            ])
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        let line = { (cells: [String]) in
            zip(cells, widths).map { String(repeating: " ", count: $1 - $0.count) + $0 }.joined(separator: "  ")
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n")
    }

    static func megabytes(_ kilobytes: Int) -> String { String(format: "%.1f", Double(kilobytes) / 1024) }
}
