// SPDX-License-Identifier: Apache-2.0

/// A point in monotonic time, in microseconds, as evdev stamps events (CLOCK_MONOTONIC) and
/// as evemu recordings write them. Every timer in the engine counts in it, so a replay runs on
/// the recording's clock and needs no real waiting.
public typealias Microseconds = Int64

/// One event from an input device or a recording: evdev's type, code and value, and when.
public struct InputEvent: Sendable, Hashable, CustomStringConvertible {
    public var time: Microseconds
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    public init(time: Microseconds, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }

    /// A key press (value 1), release (0) or autorepeat (2).
    public static func key(_ code: UInt16, _ value: Int32, at time: Microseconds) -> InputEvent {
        InputEvent(time: time, type: EventType.key, code: code, value: value)
    }

    public var description: String { "\(time)us type \(type) code \(code) value \(value)" }
}

/// The evdev event types and codes t9dial looks at (from linux/input-event-codes.h).
public enum EventType {
    public static let synchronization: UInt16 = 0x00
    public static let key: UInt16 = 0x01
    public static let miscellaneous: UInt16 = 0x04
    /// `EV_SW`: a switch with a state (a lid, a jack, a phone's hook), value 1 on and 0 off.
    public static let `switch`: UInt16 = 0x05
}

public enum SynchronizationCode {
    public static let report: UInt16 = 0
    /// The kernel's buffer overflowed and events were lost; libevdev resynchronises.
    public static let dropped: UInt16 = 3
}

/// The `EV_MSC` codes t9dial names. USB numpads and matrix keypads send `MSC_SCAN` (the
/// hardware's own code for the key) before each key event; t9dial ignores it.
public enum MiscellaneousCode {
    public static let scan: UInt16 = 4
}

public enum KeyValue {
    public static let release: Int32 = 0
    public static let press: Int32 = 1
    public static let autorepeat: Int32 = 2
}
