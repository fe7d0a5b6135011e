// SPDX-License-Identifier: Apache-2.0

/// One TOML value. Arrays hold their items with the position of each, and tables their entries
/// with the position of each key and value (`TOMLTable`), so a reader can say where any value
/// it refuses is written.
public enum TOMLValue: Sendable, Hashable {
    case string(String)
    case integer(Int64)
    /// Any binary64 value, infinities and NaN included (`inf`, `-inf`, `nan`).
    case float(Double)
    case boolean(Bool)
    case offsetDateTime(TOMLOffsetDateTime)
    case localDateTime(TOMLLocalDateTime)
    case localDate(TOMLLocalDate)
    case localTime(TOMLLocalTime)
    case array([TOMLItem])
    case table(TOMLTable)

    public var string: String? {
        if case .string(let value) = self { value } else { nil }
    }

    public var integer: Int64? {
        if case .integer(let value) = self { value } else { nil }
    }

    public var float: Double? {
        if case .float(let value) = self { value } else { nil }
    }

    public var boolean: Bool? {
        if case .boolean(let value) = self { value } else { nil }
    }

    public var array: [TOMLItem]? {
        if case .array(let value) = self { value } else { nil }
    }

    public var table: TOMLTable? {
        if case .table(let value) = self { value } else { nil }
    }
}

/// A value and where it starts in the text: an item of an array.
public struct TOMLItem: Sendable, Hashable {
    public var value: TOMLValue
    public var position: TOMLPosition

    public init(value: TOMLValue, position: TOMLPosition) {
        self.value = value
        self.position = position
    }
}
