// SPDX-License-Identifier: Apache-2.0

/// What a speed-dial key calls: a contact of the book (by name as shown, or UID), and which of
/// its numbers, or a bare number.
public enum SpeedDialTarget: Sendable, Hashable, CustomStringConvertible {
    /// A contact, and which of its numbers: nil for the one a name match dials (the first
    /// mobile, else the first); else the number itself, or its label ("home", "work").
    case contact(String, number: String?)
    /// A number, dialled as it is written.
    case number(String)

    /// How long a target may be, each of its texts: a name or a number a person types.
    public static let maximumLength = 200

    /// Reads a target as `t9dial speed-dial set` and the config's string take it: a number when
    /// it is made of a number's characters (digits, `+`, spaces, `-`, `.`, `(`, `)`, `/`, `*`,
    /// `#`) with a digit among them, else a contact's name.
    public init(text: String, number: String? = nil) {
        let dialable = Set("0123456789+ -.()/*#")
        if number == nil, text.contains(where: \.isNumber), text.allSatisfy(dialable.contains) {
            self = .number(text)
        } else {
            self = .contact(text, number: number)
        }
    }

    /// "Fred Smith", "Fred Smith (home)", "+44 7700 900123".
    public var description: String {
        switch self {
        case .contact(let name, nil): name
        case .contact(let name, let number?): "\(name) (\(number))"
        case .number(let number): number
        }
    }
}

/// The speed-dial keys (2 to 9) and the voicemail number (1), as the session is given them: the
/// config's `[speed_dial]` over those `t9dial speed-dial` keeps, and the dial method's
/// `voicemail`.
public struct SpeedDials: Sendable, Hashable {
    /// By key, 2 to 9.
    public var targets: [UInt8: SpeedDialTarget]
    /// What a long press of 1 calls; nil when none is set.
    public var voicemail: String?

    /// The keys a speed dial may be on: 1 is voicemail and 0 gives `+`.
    public static let keys: ClosedRange<UInt8> = 2...9

    public init(targets: [UInt8: SpeedDialTarget] = [:], voicemail: String? = nil) {
        self.targets = targets.filter { Self.keys.contains($0.key) }
        self.voicemail = voicemail.flatMap { $0.isEmpty ? nil : $0 }
    }
}
