// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Work spread over the machine's cores while a book is read and indexed, so a board's second
/// core (or fourth) shortens the start: the only use T9Search (and ContactBook, which shares
/// it) makes of threads.
///
/// Each call starts its threads and joins them before it returns, so nothing of a call (not
/// even the release of what its jobs captured) outlives it. Dispatch's `concurrentPerform`
/// leaves that to its pool's threads: a book loaded on a thread of its own (the service's
/// start) could end, and free what they still touched, before they had.
///
/// Each job writes only its own slot of the results, and every job has ended when a call
/// returns; the jobs must share nothing they change. A thread that cannot be started costs
/// only speed: the calling thread runs the jobs left.
package enum Parallel {
    /// The cores online: how many threads `map` runs at most.
    static let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))

    /// `body(0) ..< body(count)`, run at once as far as the cores allow, in order.
    package static func map<Result>(_ count: Int, _ body: (Int) -> Result) -> [Result] {
        guard count > 1, cores > 1 else { return (0..<count).map(body) }
        let slots = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer {
            _ = slots.deinitialize()
            slots.deallocate()
        }
        let jobs = JobCounter()
        withoutActuallyEscaping(body) { body in
            onThreads(min(cores, count)) {
                while case let job = jobs.next(), job < count { slots[job] = body(job) }
            }
        }
        return slots.map { $0! }
    }

    /// `body(0) ..< body(costs.count)` like `map`, the jobs started in the order of their
    /// `costs`, largest first, so that no core is left with a large job when the others are done.
    package static func map<Result>(largestFirst costs: [Int], _ body: (Int) -> Result) -> [Result] {
        let order = costs.indices.sorted { costs[$0] > costs[$1] }
        let done = map(costs.count) { job in body(order[job]) }
        var results = [Result?](repeating: nil, count: costs.count)
        for (job, result) in zip(order, done) { results[job] = result }
        return results.map { $0! }
    }

    /// Runs `work` on `count` threads, this one among them, and returns once every one has
    /// ended (joined).
    private static func onThreads(_ count: Int, _ work: @escaping () -> Void) {
        var started: [pthread_t] = []
        for _ in 1..<count {
            let context = Unmanaged.passRetained(ThreadWork(work)).toOpaque()
            var thread = pthread_t()
            let result = pthread_create(
                &thread, nil,
                { context in
                    Unmanaged<ThreadWork>.fromOpaque(context!).takeRetainedValue().run()
                    return nil
                }, context)
            if result == 0 {
                started.append(thread)
            } else {
                Unmanaged<ThreadWork>.fromOpaque(context).release()
            }
        }
        work()
        for thread in started { pthread_join(thread, nil) }
    }
}

/// What a started thread runs, handed to it through `pthread_create`'s context pointer.
private final class ThreadWork {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// The next job to take, shared by the threads of one call.
private final class JobCounter: Sendable {
    private let taken = Atomic<Int>(0)
    func next() -> Int { taken.add(1, ordering: .relaxed).oldValue }
}
