public import Foundation

/// One dial: whom (when it came from a contact), which number, when, and how it went.
public struct Dial: Sendable, Hashable {
    /// The row id once recorded; nil for a dial not recorded yet.
    public var id: Int64?
    /// The contact's UID, nil when a typed number was dialled.
    public var uid: String?
    /// The number as dialled.
    public var number: String
    /// When the dial was made (stored as unix seconds).
    public var time: Date
    public var outcome: DialOutcome

    public init(id: Int64? = nil, uid: String?, number: String, time: Date, outcome: DialOutcome) {
        self.id = id
        self.uid = uid
        self.number = number
        self.time = time
        self.outcome = outcome
    }
}

/// How a dial went. Open-ended (a raw string) so that a history written by a later t9dial with
/// more outcomes still reads.
public struct DialOutcome: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The call was handed to the dialling backend (shown to the user as placed).
    public static let placed = DialOutcome(rawValue: "placed")
    /// The backend reported a failure.
    public static let failed = DialOutcome(rawValue: "failed")
    /// The user cancelled before the call went out.
    public static let cancelled = DialOutcome(rawValue: "cancelled")

    public var description: String { rawValue }
}
