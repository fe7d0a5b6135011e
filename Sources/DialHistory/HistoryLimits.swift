// SPDX-License-Identifier: Apache-2.0

/// How much the dial history keeps, so that a dialer left running for years keeps a file, a
/// ranking pass and a memory of picks of bounded size.
///
/// Calls past ``calls`` are deleted, oldest first (in the order they were recorded, not by
/// their time, which a clock set back can disorder), in the same transaction that records the
/// newest. Learned picks are pruned to the newest ``picks`` rows once they pass that by an
/// eighth, so that a long-used dialer does not rebuild its picks at every call.
public struct HistoryLimits: Sendable, Hashable {
    /// The calls kept: `[history] keep_calls` of the config.
    public var calls: Int
    /// The learned picks kept, each a (query, mode, contact) the user picked.
    public var picks: Int

    /// Ten thousand calls: years of a phone's use, a file of about 1 MB, and a ranking pass
    /// (``Affinity``) after each call that reads them in a few milliseconds.
    public static let defaultCalls = 10_000
    /// Four thousand picks: far more than the distinct prefixes one person types to reach their
    /// contacts, and at most 4,608 × 64 prefixes in memory.
    public static let defaultPicks = 4_096
    /// A query longer than this teaches nothing: nobody types 64 keys to pick a contact, and
    /// every prefix of a learned query is kept in memory.
    public static let maximumLearnedQueryLength = 64

    /// Limits below 1 count as 1.
    public init(calls: Int = HistoryLimits.defaultCalls, picks: Int = HistoryLimits.defaultPicks) {
        self.calls = max(1, calls)
        self.picks = max(1, picks)
    }

    /// The count of picks past which the table is pruned back to ``picks``.
    var picksBeforePruning: Int { picks + max(1, picks / 8) }
}
