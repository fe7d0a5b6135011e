// SPDX-License-Identifier: Apache-2.0

import ContactBook
public import ContactQuery
import DialHistory
import Foundation
import Synchronization
public import T9Search

/// The contact book as queries see it (`t9dial query`): a record per contact, in book order,
/// with the dial history's counts and the favourites, and the alphabet of the configured
/// layouts for the `d` modifier.
public struct QueryBook: Sendable {
    public var records: [QueryRecord]
    public var alphabet: T9Alphabet
    /// The files read and the problems found in them; the contacts themselves are in `records`.
    public var sources: ContactSources
    /// Why the dial attributes are empty (no history), or that a bad history file was moved aside.
    public var historyProblem: String?

    /// Reads the config, the layouts, the dial history and the contacts, the way
    /// ``Book/load(_:)`` does, without building a search index. Only the overrides' config
    /// file, contacts and data directory matter here.
    public static func load(_ overrides: Book.Overrides) throws(BookError) -> QueryBook {
        let configuration = try Book.configuration(overrides)
        let (_, layouts) = try Book.layouts(overrides, configuration)
        let paths = try Book.contactPaths(overrides, configuration)
        let (history, opening) = Book.openHistory(configuration, withoutIt: emptyDialAttributes)
        let (dials, historyProblem) = readDials(history, opening)
        let maker = QueryRecords(dials: dials, favourites: configuration.history)
        var records: [QueryRecord] = []
        let sources: ContactSources
        do {
            sources = try ContactSources.read(paths: paths) { contact in records.append(maker.record(for: contact)) }
        } catch {
            throw .contacts(error)
        }
        return QueryBook(records: records, alphabet: T9Alphabet(layouts: layouts), sources: sources, historyProblem: historyProblem)
    }

    /// What a query misses without the history.
    private static let emptyDialAttributes = "every contact counts as never dialled (timesDialed 0, no lastDialed)"

    /// Every dial of `history`, or none and why: the history could not be opened (`opening`
    /// says why), or its dials could not be read.
    private static func readDials(_ history: DialHistory?, _ opening: String?) -> ([Dial], String?) {
        guard let history else { return ([], opening) }
        do {
            return (try history.allDials(), opening)
        } catch {
            return ([], "\(error.description); \(emptyDialAttributes)")
        }
    }

    /// Checks `query`'s syntax alone, so that a typo is told at once, before a large book is
    /// read.
    public static func checkSyntax(_ query: String) throws(QuerySyntaxError) {
        _ = try QueryExpression.parse(query)
    }

    /// The contacts matching `query` at `clock`, in book order, or where the query goes wrong.
    ///
    /// It goes through a ``QueryRunner``, the machinery that lets a newer query cancel an older
    /// one; here the one query submitted is always the newest, so it is always answered.
    public func answer(_ query: String, clock: QueryClock = .current()) -> Result<[QueryRecord], QuerySyntaxError> {
        let answer = Answer()
        let runner = QueryRunner(records: records, alphabet: alphabet) { delivery in
            answer.result.withLock { $0 = delivery.result }
        }
        runner.run(runner.submit(query), clock: clock)
        return answer.result.withLock { $0 }
    }

    /// Where the runner's delivery lands.
    private final class Answer: Sendable {
        let result = Mutex<Result<[QueryRecord], QuerySyntaxError>>(.success([]))
    }
}

extension QueryClock {
    /// Now, in this machine's time zone, for `$time.now` and `$time.today`.
    public static func current() -> QueryClock {
        let now = Date()
        return QueryClock(now: now.timeIntervalSince1970, utcOffset: TimeZone.current.secondsFromGMT(for: now))
    }
}
