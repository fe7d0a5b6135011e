// SPDX-License-Identifier: Apache-2.0

public import Foundation

/// Which contact the user picked for a query, T9-style: the contact picked for `37337` ranks
/// first for `37337` and for each of its prefixes (`3`, `37`, ...) next time; when several picks
/// apply, the most recent wins.
///
/// The dialer asks at every keystroke, so every prefix is precomputed when a pick is added and
/// a lookup is one dictionary hit.
public struct LearnedPicks: Sendable, Hashable {
    struct Key: Hashable, Sendable {
        var mode: String
        var query: Substring
    }

    struct Entry: Hashable, Sendable {
        var uid: String
        var time: Date
    }

    private var entries: [Key: Entry] = [:]

    public init() {}

    /// The UID picked last for `query` or a longer query starting with it, in `mode` ("t9" or
    /// "multitap"); nil when none was, or for the empty query.
    public func pick(for query: String, mode: String) -> String? {
        entries[Key(mode: mode, query: Substring(query))]?.uid
    }

    /// Notes that `uid` was picked for `query` in `mode` at `time`, for the query and each of
    /// its prefixes, unless a later pick already holds them.
    public mutating func add(query: String, mode: String, uid: String, at time: Date) {
        var end = query.startIndex
        while end < query.endIndex {
            end = query.index(after: end)
            let key = Key(mode: mode, query: query[..<end])
            if let held = entries[key], held.time > time { continue }
            entries[key] = Entry(uid: uid, time: time)
        }
    }

    /// Whether no pick was learned.
    public var isEmpty: Bool { entries.isEmpty }
}
