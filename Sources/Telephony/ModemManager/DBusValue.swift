// SPDX-License-Identifier: Apache-2.0

/// A D-Bus value as a message carries it, read whole from a message or written into one
/// (`Internals/SystemdBus.swift`): what the ModemManager line sends and receives, in Swift
/// terms, so that what it does with them is plain Swift.
indirect enum DBusValue: Sendable, Hashable {
    case byte(UInt8)
    case bool(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    /// A Unix file descriptor's index in the message (never used by ModemManager's calls).
    case unixFD(Int32)
    /// An array of values of the signature `element` ("s", "{sv}").
    case array(element: String, [DBusValue])
    /// A dictionary entry, an element of an array of signature "{...}".
    case dictEntry(DBusValue, DBusValue)
    case structure([DBusValue])
    /// A variant, with the signature of what it holds.
    case variant(signature: String, DBusValue)

    /// A variant holding `value`, whose signature is its own.
    static func variant(_ value: DBusValue) -> DBusValue { .variant(signature: value.signature, value) }

    /// The value's D-Bus signature ("s", "a{sv}", "(io)").
    var signature: String {
        switch self {
        case .byte: "y"
        case .bool: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .unixFD: "h"
        case .array(let element, _): "a" + element
        case .dictEntry(let key, let value): "{" + key.signature + value.signature + "}"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .variant: "v"
        }
    }

    // MARK: Reading what ModemManager sends

    /// A string or an object path's text.
    var text: String? {
        switch self {
        case .string(let text), .objectPath(let text): text
        case .variant(_, let inner): inner.text
        default: nil
        }
    }

    /// An integer of any width that fits in an Int64.
    var integer: Int64? {
        switch self {
        case .byte(let value): Int64(value)
        case .int16(let value): Int64(value)
        case .uint16(let value): Int64(value)
        case .int32(let value): Int64(value)
        case .uint32(let value): Int64(value)
        case .int64(let value): value
        case .uint64(let value): Int64(exactly: value)
        case .variant(_, let inner): inner.integer
        default: nil
        }
    }

    /// The elements of an array (or of the array in a variant).
    var elements: [DBusValue]? {
        switch self {
        case .array(_, let elements): elements
        case .variant(_, let inner): inner.elements
        default: nil
        }
    }

    /// The fields of a structure (or of the structure in a variant).
    var fields: [DBusValue]? {
        switch self {
        case .structure(let fields): fields
        case .variant(_, let inner): inner.fields
        default: nil
        }
    }

    /// A boolean (or the boolean in a variant).
    var boolean: Bool? {
        switch self {
        case .bool(let value): value
        case .variant(_, let inner): inner.boolean
        default: nil
        }
    }

    /// An array of dictionary entries keyed by strings or object paths, as a dictionary; the
    /// last of repeated keys wins.
    var dictionary: [String: DBusValue]? {
        guard let elements else { return nil }
        var dictionary: [String: DBusValue] = [:]
        for element in elements {
            guard case .dictEntry(let key, let value) = element, let name = key.text else { return nil }
            dictionary[name] = value
        }
        return dictionary
    }
}
