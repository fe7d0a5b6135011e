// SPDX-License-Identifier: Apache-2.0

public import ContactBook
public import ContactQuery
public import DialerConfig
public import DialHistory

/// Turns contacts into the records a query tests, with what the dial history and the
/// `[history]` favourites say of each.
///
/// Only dials that went through count: `timesDialed` is how many calls the user made to the
/// contact's UID that were placed (exec) or answered (a followed call), and `lastDialed` the
/// time of the latest (nil when none was). A failed, busy, unanswered or cancelled dial is an
/// attempt, not a call made, so "whom did I call this week" leaves it out, and so do calls that
/// came in. Ranking (``Affinity``) counts answered calls both ways. Dials of
/// typed numbers have no UID and count for no one. `starred` is ``FavouriteRule``, the rule
/// that ranks favourites first.
public struct QueryRecords: Sendable {
    /// The dials of one UID that went through.
    struct Tally: Sendable, Hashable {
        var times = 0
        /// Unix seconds.
        var last: Double?
    }

    private let tallies: [String: Tally]
    private let favourites: FavouriteRule

    /// `dials` in any order (a history's ``DialHistory/allDials()``); no dials for a run without
    /// a history.
    public init(dials: some Sequence<Dial>, favourites settings: HistorySettings) {
        var tallies: [String: Tally] = [:]
        for dial in dials where dial.direction == .outgoing && dial.status.wentThrough {
            guard let uid = dial.uid else { continue }
            let time = dial.time.timeIntervalSince1970
            var tally = tallies[uid, default: Tally()]
            tally.times += 1
            tally.last = max(tally.last ?? time, time)
            tallies[uid] = tally
        }
        self.tallies = tallies
        favourites = FavouriteRule(settings)
    }

    /// The record of `contact`. Empty name parts and organizations count as absent, so that
    /// `givenName != "x"` does not match a card that has no given name.
    public func record(for contact: Contact) -> QueryRecord {
        let tally = tallies[contact.uid] ?? Tally()
        return QueryRecord(
            uid: contact.uid,
            displayName: contact.displayName,
            givenName: Self.present(contact.name?.given),
            familyName: Self.present(contact.name?.family),
            nicknames: contact.nicknames,
            organization: Self.present(contact.organization),
            phoneNumbers: contact.numbers.map(\.value),
            emailAddresses: contact.emails,
            lastDialed: tally.last,
            timesDialed: tally.times,
            starred: favourites.includes(contact)
        )
    }

    private static func present(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
