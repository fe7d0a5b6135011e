// SPDX-License-Identifier: Apache-2.0

import Synchronization
import Testing

@testable import T9Search

@Suite("Work on every core")
struct ParallelTests {
    @Test(arguments: [0, 1, 2, 7, 100])
    func mapGivesEveryResultInOrder(count: Int) {
        #expect(Parallel.map(count) { $0 * $0 } == (0..<count).map { $0 * $0 })
    }

    @Test func mapRunsEachJobOnce() {
        let runs = Mutex([Int](repeating: 0, count: 50))
        _ = Parallel.map(50) { job in runs.withLock { $0[job] += 1 } }
        #expect(runs.withLock { $0 } == [Int](repeating: 1, count: 50))
    }

    /// Jobs started largest first still give their results in order, each job once.
    @Test func largestFirstGivesEveryResultInOrder() {
        let costs = [3, 90, 1, 40, 40, 7]
        let runs = Mutex([Int](repeating: 0, count: costs.count))
        let results = Parallel.map(largestFirst: costs) { job in
            runs.withLock { $0[job] += 1 }
            return job * 10
        }
        #expect(results == costs.indices.map { $0 * 10 })
        #expect(runs.withLock { $0 } == [Int](repeating: 1, count: costs.count))
    }
}
