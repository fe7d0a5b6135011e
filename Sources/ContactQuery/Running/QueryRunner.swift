// SPDX-License-Identifier: Apache-2.0

import Synchronization
public import T9Search

/// Runs queries as they are typed and only ever delivers the newest one's results: each
/// `submit` starts a new generation, an older run stops at its next cancellation check, and a
/// result is delivered only while its generation is still the newest, checked under the same
/// lock `submit` takes, so a delivery can never follow a newer submission.
///
/// Threads are the caller's: `run` works on whatever thread calls it, so tests can drive the
/// order of submissions and runs by hand. `deliver` is called with the lock held, so it must
/// hand the results on rather than call `submit` itself.
public final class QueryRunner: Sendable {
    /// What a run hands over: the query, and its matches or why it does not parse.
    public struct Delivery: Sendable, Hashable {
        public var generation: UInt64
        public var query: String
        public var result: Result<[QueryRecord], QuerySyntaxError>
    }

    /// A submitted query, to run later.
    public struct Ticket: Sendable, Hashable {
        public let generation: UInt64
        public let query: String
    }

    private struct State {
        var latest: UInt64 = 0
        var delivered: UInt64 = 0
    }

    private let records: [QueryRecord]
    private let alphabet: T9Alphabet
    private let checkEvery: Int
    private let deliver: @Sendable (Delivery) -> Void
    private let state = Mutex(State())

    public init(records: [QueryRecord], alphabet: T9Alphabet, checkEvery: Int = 512, deliver: @escaping @Sendable (Delivery) -> Void) {
        self.records = records
        self.alphabet = alphabet
        self.checkEvery = checkEvery
        self.deliver = deliver
    }

    /// Makes `query` the newest, which cancels every older one.
    public func submit(_ query: String) -> Ticket {
        state.withLock { state in
            state.latest += 1
            return Ticket(generation: state.latest, query: query)
        }
    }

    /// Whether no newer query has been submitted since `ticket`.
    public func isCurrent(_ ticket: Ticket) -> Bool {
        state.withLock { $0.latest == ticket.generation }
    }

    /// The newest generation delivered so far (0 before any).
    public var deliveredGeneration: UInt64 { state.withLock { $0.delivered } }

    /// Parses and evaluates `ticket`'s query at `clock`, and delivers the result if it is still
    /// the newest. `checkpoint` is called at every cancellation check with the number of contacts
    /// tested so far (tests submit a newer query from it). Returns whether it delivered.
    @discardableResult
    public func run(_ ticket: Ticket, clock: QueryClock, checkpoint: (Int) -> Void = { _ in }) -> Bool {
        let result: Result<[QueryRecord], QuerySyntaxError>
        do {
            var evaluator = QueryEvaluator(try QueryExpression.parse(ticket.query), alphabet: alphabet, clock: clock)
            var examined = 0
            let outcome = evaluator.filter(records, checkEvery: checkEvery) {
                checkpoint(examined)
                examined += checkEvery
                return !isCurrent(ticket)
            }
            guard case .finished(let matches) = outcome else { return false }
            result = .success(matches)
        } catch {
            result = .failure(error)
        }
        return state.withLock { state in
            guard state.latest == ticket.generation, state.delivered < ticket.generation else { return false }
            state.delivered = ticket.generation
            deliver(Delivery(generation: ticket.generation, query: ticket.query, result: result))
            return true
        }
    }
}
