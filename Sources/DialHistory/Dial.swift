// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
public import Foundation

/// One call as the history keeps it: which way it went, whom (when it was a contact), which
/// number, when, how it went and how long it was connected.
public struct Dial: Sendable, Hashable {
    /// The row id once recorded; nil for a dial not recorded yet.
    public var id: Int64?
    /// The contact's UID, nil when a typed number was dialled or the caller is not in the book.
    public var uid: String?
    /// The number as dialled, or as the caller's.
    public var number: String
    /// When the call started (stored as unix seconds).
    public var time: Date
    public var status: Status
    /// Dialled here or rang here; every dial before calls were followed went out.
    public var direction: CallDirection
    /// How long the call was connected; nil when it never was, or when nothing follows the
    /// call (`exec` only knows it was placed).
    public var duration: Duration?
    /// The name the call came with when it is not a contact's (a SIP display name of an
    /// unknown caller); nil otherwise. The book's name wins when the UID is in it.
    public var name: String?

    public init(
        id: Int64? = nil, uid: String?, number: String, time: Date, status: Status, direction: CallDirection = .outgoing,
        duration: Duration? = nil, name: String? = nil
    ) {
        self.id = id
        self.uid = uid
        self.number = number
        self.time = time
        self.status = status
        self.direction = direction
        self.duration = duration
        self.name = name
    }
}

extension Dial {
    /// What the history remembers of how a call went: a ``CallOutcome`` as stored.
    /// Open-ended (a raw string) so that a history written by a later t9dial with more to say
    /// still reads.
    public struct Status: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The outcome as the history stores it (its raw value: "no answer" for `.noAnswer`).
        public init(_ outcome: CallOutcome) { self.init(rawValue: outcome.rawValue) }

        /// The call was handed to a dial method that does not follow it (`exec`): placed, and
        /// nothing more is known.
        public static let placed = Status(.placed)
        /// The dial method reported a failure, or the call was lost.
        public static let failed = Status(.failed)
        /// The call was connected, whoever hung up.
        public static let answered = Status(.answered)
        /// The far end was busy.
        public static let busy = Status(.busy)
        /// An outgoing call nobody answered ("no answer").
        public static let noAnswer = Status(.noAnswer)
        /// An incoming call that ended before it was answered here.
        public static let missed = Status(.missed)
        /// A call rejected (an incoming one here, an outgoing one by the far end).
        public static let rejected = Status(.rejected)
        /// An outgoing call hung up here before the far end rang; before calls were followed,
        /// a dial cancelled before it went out (the same word, so those rows read the same).
        public static let cancelled = Status(.cancelled)

        /// The outcome this status stores; nil for what a later t9dial wrote.
        public var outcome: CallOutcome? { CallOutcome(rawValue: rawValue) }

        /// Whether the call reached someone as far as t9dial knows: answered, or placed by a
        /// method that knows no more. Only these teach ranking (``Affinity``).
        public var wentThrough: Bool { self == .answered || self == .placed }

        public var description: String { rawValue }
    }
}
