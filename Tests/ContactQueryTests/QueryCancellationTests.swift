// SPDX-License-Identifier: Apache-2.0

import ContactQuery
import Synchronization
import Testing

struct QueryCancellationTests {
    static let many: [QueryRecord] = (0..<100_000).map { QueryRecord(uid: "\($0)", displayName: "Contact \($0)", timesDialed: $0 % 7) }

    @Test func filterStopsWhenCancelled() throws {
        var evaluator = QueryEvaluator(try QueryExpression.parse("timesDialed == 3"), alphabet: Fixtures.alphabet, clock: Fixtures.clock)
        var checks = 0
        let outcome = evaluator.filter(Self.many, checkEvery: 1000) {
            checks += 1
            return checks >= 3
        }
        #expect(outcome == .cancelled(examined: 2000))
    }

    @Test func filterFinishesWhenNotCancelled() throws {
        var evaluator = QueryEvaluator(try QueryExpression.parse("timesDialed == 3"), alphabet: Fixtures.alphabet, clock: Fixtures.clock)
        guard case .finished(let matches) = evaluator.filter(Self.many, isCancelled: { false }) else {
            Issue.record("expected to finish")
            return
        }
        #expect(matches.count == Self.many.filter { $0.timesDialed == 3 }.count)
    }

    /// Deliveries collected by a runner.
    final class Inbox: Sendable {
        let deliveries = Mutex<[QueryRunner.Delivery]>([])
        var generations: [UInt64] { deliveries.withLock { $0.map(\.generation) } }
        func runner(_ records: [QueryRecord], checkEvery: Int = 512) -> QueryRunner {
            QueryRunner(records: records, alphabet: Fixtures.alphabet, checkEvery: checkEvery) { delivery in
                self.deliveries.withLock { $0.append(delivery) }
            }
        }
    }

    @Test func olderSubmissionIsNeverDelivered() {
        let inbox = Inbox()
        let runner = inbox.runner(Fixtures.records)
        let first = runner.submit("starred == true")
        let second = runner.submit("timesDialed == 1")
        #expect(!runner.run(first, clock: Fixtures.clock))
        #expect(runner.run(second, clock: Fixtures.clock))
        #expect(!runner.run(first, clock: Fixtures.clock))
        #expect(inbox.generations == [second.generation])
        #expect(inbox.deliveries.withLock { $0[0].result } == .success([Fixtures.records[1]]))
    }

    @Test func newerSubmissionStopsARunningQuery() {
        let inbox = Inbox()
        let runner = inbox.runner(Self.many, checkEvery: 100)
        let first = runner.submit(#"displayName == "*9*""#)
        var second: QueryRunner.Ticket?
        var lastCheck = 0
        let delivered = runner.run(first, clock: Fixtures.clock) { examined in
            lastCheck = examined
            if examined == 500 { second = runner.submit("timesDialed == 6") }
        }
        #expect(!delivered)
        #expect(lastCheck == 500)  // stopped at the very check that saw the newer query
        #expect(inbox.generations.isEmpty)
        let newer = try! #require(second)
        #expect(runner.run(newer, clock: Fixtures.clock))
        #expect(inbox.generations == [newer.generation])
        #expect(runner.deliveredGeneration == newer.generation)
    }

    @Test func syntaxErrorOfTheNewestIsDelivered() {
        let inbox = Inbox()
        let runner = inbox.runner(Fixtures.records)
        let ticket = runner.submit("displayName == ")
        #expect(runner.run(ticket, clock: Fixtures.clock))
        #expect(
            inbox.deliveries.withLock { $0[0].result }
                == .failure(QuerySyntaxError(column: 16, message: "expected a value: a \"string\", a number, true, false or $time.now")))
    }

    /// Queries typed while earlier ones run on other threads: deliveries only ever go forward.
    @Test func concurrentRunsDeliverInOrder() async {
        let inbox = Inbox()
        let runner = inbox.runner(Self.many, checkEvery: 256)
        let queries = (0..<20).map { #"displayName == "*\#($0)*""# }
        await withTaskGroup(of: Void.self) { group in
            for query in queries {
                let ticket = runner.submit(query)
                group.addTask { runner.run(ticket, clock: Fixtures.clock) }
                await Task.yield()
            }
        }
        let generations = inbox.generations
        #expect(generations == generations.sorted())
        #expect(Set(generations).count == generations.count)
        #expect(generations.last == 20)
    }
}
