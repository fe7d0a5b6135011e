// SPDX-License-Identifier: Apache-2.0

/// How a run over many contacts ended.
public enum QueryOutcome: Sendable, Hashable {
    /// Every contact was tested; these matched, in the order given.
    case finished([QueryRecord])
    /// Stopped because a newer query arrived, after testing this many contacts.
    case cancelled(examined: Int)
}

extension QueryEvaluator {
    /// The contacts of `records` that match, asking `isCancelled` before the first contact and
    /// then every `checkEvery` contacts, so a query over 100k contacts stops soon after a newer
    /// one arrives instead of answering with stale results.
    public mutating func filter(
        _ records: some Sequence<QueryRecord>,
        checkEvery: Int = 512,
        isCancelled: () -> Bool
    ) -> QueryOutcome {
        let interval = max(checkEvery, 1)
        var matched: [QueryRecord] = []
        var examined = 0
        for record in records {
            if examined % interval == 0, isCancelled() { return .cancelled(examined: examined) }
            if matches(record) { matched.append(record) }
            examined += 1
        }
        if isCancelled() { return .cancelled(examined: examined) }
        return .finished(matched)
    }
}
