// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
public import Foundation

/// How much the user calls each contact, for ranking after match quality: every dial counts
/// `0.5^(age / halfLife)`, so a dial made today counts 1, one made a half-life ago 0.5, and a
/// contact called often long ago sinks below one called a few times lately.
///
/// The half-life is 14 days by default: two weeks of not calling someone halves their weight,
/// which follows a change of habits within a month without forgetting yesterday's calls.
/// Only calls that went through count (``Dial/Status/wentThrough``): answered, whichever way
/// (a contact's answered incoming call says as much as one made), or placed by a method that
/// knows no more. Busy, no answer, missed, rejected, failed and cancelled calls count for no
/// one: the user did not talk to them. Calls without a contact UID (typed numbers, unknown
/// callers) count for no one either.
public struct Affinity: Sendable, Hashable {
    /// Fourteen days, in seconds.
    public static let defaultHalfLife: TimeInterval = 14 * 24 * 60 * 60

    public var halfLife: TimeInterval

    public init(halfLife: TimeInterval = Affinity.defaultHalfLife) {
        self.halfLife = halfLife > 0 ? halfLife : Affinity.defaultHalfLife
    }

    /// The score of every UID with a call that went through, or that is a favourite.
    ///
    /// Favourites score above every other contact (the highest non-favourite score plus one,
    /// plus their own score), so they come first of all and, among themselves, by how much they
    /// are called. A dial dated in the future (a clock set back) counts as made now.
    public func scores(dials: some Sequence<Dial>, favourites: Set<String>, now: Date) -> [String: Double] {
        var scores: [String: Double] = [:]
        for dial in dials where dial.status.wentThrough {
            guard let uid = dial.uid else { continue }
            let age = max(0, now.timeIntervalSince(dial.time))
            scores[uid, default: 0] += pow(0.5, age / halfLife)
        }
        let boost = scores.lazy.filter { !favourites.contains($0.key) }.map(\.value).max() ?? 0
        for uid in favourites {
            scores[uid] = boost + 1 + (scores[uid] ?? 0)
        }
        return scores
    }

    /// How much each number of each contact was called, by UID and then the number as dialled:
    /// every call out to it that went through counts as in `scores`, so a contact's number
    /// called last week outweighs one called once a year ago. Calls in say nothing of which
    /// number the user chooses.
    public func numberScores(dials: some Sequence<Dial>, now: Date) -> [String: [String: Double]] {
        var scores: [String: [String: Double]] = [:]
        for dial in dials where dial.status.wentThrough && dial.direction == .outgoing {
            guard let uid = dial.uid else { continue }
            let age = max(0, now.timeIntervalSince(dial.time))
            scores[uid, default: [:]][dial.number, default: 0] += pow(0.5, age / halfLife)
        }
        return scores
    }
}
