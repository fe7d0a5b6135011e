// SPDX-License-Identifier: Apache-2.0

import BackgroundWork
import Synchronization
import Testing
import T9Search

@Suite("Work on every core")
struct ParallelismTests {
    /// The search core's jobs, on the calling thread, on every core, and on more threads than
    /// there are jobs.
    static let spreads: [Parallelism] = [
        .serial, .cores,
        Parallelism(width: 8) { count, work in _ = Parallelism.cores.map(count) { _ in work() } },
    ]

    @Test(arguments: spreads, [0, 1, 2, 7, 100])
    func mapGivesEveryResultInOrder(parallelism: Parallelism, count: Int) {
        #expect(parallelism.map(count) { $0 * $0 } == (0..<count).map { $0 * $0 })
    }

    @Test(arguments: spreads)
    func mapRunsEachJobOnce(parallelism: Parallelism) {
        let runs = Mutex([Int](repeating: 0, count: 50))
        _ = parallelism.map(50) { job in runs.withLock { $0[job] += 1 } }
        #expect(runs.withLock { $0 } == [Int](repeating: 1, count: 50))
    }

    /// Jobs started largest first still give their results in order, each job once.
    @Test(arguments: spreads)
    func largestFirstGivesEveryResultInOrder(parallelism: Parallelism) {
        let costs = [3, 90, 1, 40, 40, 7]
        let runs = Mutex([Int](repeating: 0, count: costs.count))
        let results = parallelism.map(largestFirst: costs) { job in
            runs.withLock { $0[job] += 1 }
            return job * 10
        }
        #expect(results == costs.indices.map { $0 * 10 })
        #expect(runs.withLock { $0 } == [Int](repeating: 1, count: costs.count))
    }
}
