// SPDX-License-Identifier: Apache-2.0

public import Foundation

/// One dial as the history keeps it: whom (when it came from a contact), which number, when,
/// and whether it was placed.
public struct Dial: Sendable, Hashable {
    /// The row id once recorded; nil for a dial not recorded yet.
    public var id: Int64?
    /// The contact's UID, nil when a typed number was dialled.
    public var uid: String?
    /// The number as dialled.
    public var number: String
    /// When the dial was made (stored as unix seconds).
    public var time: Date
    public var status: Status

    public init(id: Int64? = nil, uid: String?, number: String, time: Date, status: Status) {
        self.id = id
        self.uid = uid
        self.number = number
        self.time = time
        self.status = status
    }
}

extension Dial {
    /// What the history remembers of how a dial went (the dialer's `DialOutcome`, as stored):
    /// placed or not. Open-ended (a raw string) so that a history written by a later t9dial
    /// with more to say still reads.
    public struct Status: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The call was handed to the dial method (shown to the user as placed).
        public static let placed = Status(rawValue: "placed")
        /// The dial method reported a failure.
        public static let failed = Status(rawValue: "failed")
        /// The user cancelled before the call went out (written by earlier versions).
        public static let cancelled = Status(rawValue: "cancelled")

        public var description: String { rawValue }
    }
}
