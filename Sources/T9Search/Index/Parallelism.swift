// SPDX-License-Identifier: Apache-2.0

import Synchronization

/// How the large jobs of indexing a book (and of ContactBook's reading of a large vCard file)
/// are spread over threads, so a board's second core (or fourth) shortens the start.
///
/// The search core starts no thread and asks the system nothing itself: whoever builds an index
/// hands it one. The program gives BackgroundWork's `Parallelism.cores`; `.serial`, the
/// default, runs every job on the calling thread, one after another.
///
/// Each `map` runs its jobs and has them all ended before it returns, so nothing of a call
/// (not even the release of what its jobs captured) outlives it. Each job writes only its own
/// slot of the results; the jobs must share nothing they change.
public struct Parallelism: Sendable {
    /// Runs `work` on `count` threads at once, the calling thread among them, and returns once
    /// every run has ended. A thread that cannot be started costs only speed: the runs that
    /// did start take every job.
    public typealias ThreadRunner = @Sendable (_ count: Int, _ work: () -> Void) -> Void

    /// The most threads one job is spread over, the calling thread included.
    public let width: Int
    private let runOnThreads: ThreadRunner

    /// Work spread over at most `width` threads, which `runOnThreads` runs.
    public init(width: Int, runOnThreads: @escaping ThreadRunner) {
        self.width = max(1, width)
        self.runOnThreads = runOnThreads
    }

    /// Every job on the calling thread, in order.
    public static let serial = Parallelism(width: 1) { _, work in work() }

    /// `body(0) ..< body(count)`, run at once as far as `width` allows, in order.
    package func map<Result>(_ count: Int, _ body: (Int) -> Result) -> [Result] {
        guard count > 1, width > 1 else { return (0..<count).map(body) }
        let slots = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer {
            _ = slots.deinitialize()
            slots.deallocate()
        }
        let jobs = JobCounter()
        runOnThreads(min(width, count)) {
            while case let job = jobs.next(), job < count { slots[job] = body(job) }
        }
        return slots.map { $0! }
    }

    /// `body(0) ..< body(costs.count)` like `map`, the jobs started in the order of their
    /// `costs`, largest first, so that no thread is left with a large job when the others are
    /// done.
    package func map<Result>(largestFirst costs: [Int], _ body: (Int) -> Result) -> [Result] {
        let order = costs.indices.sorted { costs[$0] > costs[$1] }
        let done = map(costs.count) { job in body(order[job]) }
        var results = [Result?](repeating: nil, count: costs.count)
        for (job, result) in zip(order, done) { results[job] = result }
        return results.map { $0! }
    }
}

/// The next job to take, shared by the threads of one call.
private final class JobCounter: Sendable {
    private let taken = Atomic<Int>(0)
    func next() -> Int { taken.add(1, ordering: .relaxed).oldValue }
}
