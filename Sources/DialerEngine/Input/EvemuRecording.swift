// SPDX-License-Identifier: Apache-2.0

public import InputEvents

/// An input device and its events as `evemu-record` writes them, so `--replay FILE` and the
/// tests run the dialer on the recording's own clock.
///
/// The header says what the device is (`N:` name, `I:` ids, `P:` properties, `B:` event masks,
/// `A:`/`L:`/`S:` axis, LED and switch states); each `E: <sec>.<usec> <type> <code> <value>` line
/// is one event. `#` starts a comment, and any other line is skipped, as evemu does. Parsing is
/// pure: the caller reads the file and passes its text.
public struct EvemuRecording: Sendable, Hashable {
    /// The device's name (`N:`), nil when the recording has no `N:` line.
    public var name: String?
    /// The bus, vendor, product and version (`I:`), nil when the recording has no `I:` line.
    public var identity: DeviceIdentity?
    /// The input property mask (`P:` lines, 8 bytes each, in order).
    public var properties: [UInt8]
    /// The code mask of each event type (`B:` lines): byte `i`, bit `j` is code `8 * i + j`.
    /// Successive lines of one type continue its mask.
    public var eventMasks: [UInt16: [UInt8]]
    /// `A:`, `L:` and `S:` lines (absolute axes, LED and switch states), like `L: 00 1`, with
    /// comments dropped; kept so `text` writes them back, but not interpreted.
    public var otherDeviceLines: [String]
    /// The events, in file order, with times in microseconds since the recording's start.
    public var events: [InputEvent]

    /// A recording of the given device and events; any part may be left out.
    public init(
        name: String? = nil,
        identity: DeviceIdentity? = nil,
        properties: [UInt8] = [],
        eventMasks: [UInt16: [UInt8]] = [:],
        otherDeviceLines: [String] = [],
        events: [InputEvent] = []
    ) {
        self.name = name
        self.identity = identity
        self.properties = properties
        self.eventMasks = eventMasks
        self.otherDeviceLines = otherDeviceLines
        self.events = events
    }

    /// The key codes the device says it has (its `EV_KEY` mask), so a replay can check that a
    /// keymap fits the recorded device.
    public var keyCodes: Set<UInt16> { codes(ofType: EventType.key) }

    /// The codes of event type `type` the device says it has.
    public func codes(ofType type: UInt16) -> Set<UInt16> {
        var codes: Set<UInt16> = []
        for (index, byte) in (eventMasks[type] ?? []).enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << bit) != 0 {
                // A mask longer than any code (a corrupt file) ends at the last one.
                guard let code = UInt16(exactly: index * 8 + bit) else { return codes }
                codes.insert(code)
            }
        }
        return codes
    }
}

extension EvemuRecording {
    /// Reads a recording's `text`; `file` names it in errors. A malformed `N:`, `I:`, `P:`,
    /// `B:` or `E:` line, or an event earlier than the one before it, is an error naming the line
    /// and what was wrong; nothing traps.
    public static func parse(text: String, file: String) throws(EvemuRecordingError) -> EvemuRecording {
        var parser = EvemuParser(file: file)
        var lineNumber = 0
        // "\r\n" is one Character, so it is a separator of its own.
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            try parser.read(line: rawLine, number: lineNumber)
        }
        return parser.recording
    }
}
