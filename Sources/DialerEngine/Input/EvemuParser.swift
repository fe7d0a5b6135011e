// SPDX-License-Identifier: Apache-2.0

import InputEvents

/// Reads an evemu recording line by line into an `EvemuRecording`, checking each line it
/// understands and skipping the rest, as `evemu-play` does.
struct EvemuParser {
    let file: String
    private(set) var recording = EvemuRecording()
    private var lastEventTime: Microseconds?

    init(file: String) { self.file = file }

    /// Reads line `number` (1-based) of the file.
    mutating func read(line rawLine: Substring, number: Int) throws(EvemuRecordingError) {
        var line = rawLine
        if line.last == "\r" { line = line.dropLast() }
        line = line.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }
        guard line.count >= 2, line.dropFirst().first == ":", let kind = line.first else { return }
        let rest = line.dropFirst(2)
        switch kind {
        case "N": try readName(rest, line: number)
        case "I": try readIdentity(withoutComment(rest), line: number)
        case "P": try readProperties(withoutComment(rest), line: number)
        case "B": try readMask(withoutComment(rest), line: number)
        case "A", "L", "S": recording.otherDeviceLines.append("\(kind): " + Self.fields(withoutComment(rest)).joined(separator: " "))
        case "E": try readEvent(withoutComment(rest), line: number)
        default: break
        }
    }

    // MARK: Header

    /// `N: name`; the name is the rest of the line, `#` included, as evemu reads it. A line
    /// break the line split leaves in it (a vertical tab, a form feed, U+2028, a CR alone)
    /// becomes a space, as `text` writes it, so the name reads back the same.
    private mutating func readName(_ rest: Substring, line: Int) throws(EvemuRecordingError) {
        guard recording.name == nil else {
            throw error(line, "a second N: line; a recording describes one device, so keep the first N: line only")
        }
        recording.name = Substring(rest.map { $0.isNewline ? " " : $0 }).trimmingSpaces
    }

    /// `I: bus vendor product version`, four hex numbers.
    private mutating func readIdentity(_ rest: Substring, line: Int) throws(EvemuRecordingError) {
        guard recording.identity == nil else {
            throw error(line, "a second I: line; a recording describes one device, so keep the first I: line only")
        }
        let fields = Self.fields(rest)
        let numbers = fields.compactMap { Self.hex($0, maxDigits: 4).map(UInt16.init) }
        guard fields.count == 4, numbers.count == 4 else {
            throw error(
                line,
                "an I: line is the bus, vendor, product and version as four hex numbers, like I: 0003 1c4f 0043 0110; "
                    + "found \(Self.quoted(rest))"
            )
        }
        recording.identity = DeviceIdentity(bus: numbers[0], vendor: numbers[1], product: numbers[2], version: numbers[3])
    }

    /// `P: b0 ... b7`, the next 8 bytes of the property mask.
    private mutating func readProperties(_ rest: Substring, line: Int) throws(EvemuRecordingError) {
        guard let bytes = Self.maskBytes(Self.fields(rest)) else {
            throw error(
                line,
                "a P: line is 8 bytes of the property mask in hex, like P: 00 00 00 00 00 00 00 00; found \(Self.quoted(rest))"
            )
        }
        recording.properties += bytes
    }

    /// `B: type b0 ... b7`, the next 8 bytes of that event type's code mask.
    private mutating func readMask(_ rest: Substring, line: Int) throws(EvemuRecordingError) {
        let fields = Self.fields(rest)
        guard let typeField = fields.first, let type = Self.hex(typeField, maxDigits: 2), type < 0x20,
            let bytes = Self.maskBytes(Array(fields.dropFirst()))
        else {
            throw error(
                line,
                "a B: line is an event type and 8 bytes of its code mask, all in hex, "
                    + "like B: 01 00 00 00 00 00 00 00 00; found \(Self.quoted(rest))"
            )
        }
        recording.eventMasks[UInt16(type), default: []] += bytes
    }

    // MARK: Events

    /// `E: <sec>.<usec> <type hex> <code hex> <value decimal>`.
    private mutating func readEvent(_ rest: Substring, line: Int) throws(EvemuRecordingError) {
        let fields = Self.fields(rest)
        guard fields.count == 4 else {
            throw error(
                line,
                "an E: line is a time, type, code and value, like E: 0.000001 0001 004f 1; "
                    + "found \(fields.count) field\(fields.count == 1 ? "" : "s") in \(Self.quoted(rest))"
            )
        }
        let time = try eventTime(fields[0], line: line)
        guard let type = Self.hex(fields[1], maxDigits: 4) else {
            throw error(line, "event type \(Self.quoted(fields[1])) must be a hex number up to ffff, like 0001 for EV_KEY")
        }
        guard let code = Self.hex(fields[2], maxDigits: 4) else {
            throw error(line, "event code \(Self.quoted(fields[2])) must be a hex number up to ffff, like 004f for KEY_KP1")
        }
        guard let value = Int32(fields[3]) else {
            throw error(
                line,
                "event value \(Self.quoted(fields[3])) must be a decimal whole number that fits 32 bits, "
                    + "like 1 for a press, 0 for a release, 2 for autorepeat"
            )
        }
        if let lastEventTime, time < lastEventTime {
            throw error(
                line,
                "event time \(EvemuRecording.timeText(time)) is before the previous event's "
                    + "\(EvemuRecording.timeText(lastEventTime)); events must be in time order"
            )
        }
        lastEventTime = time
        recording.events.append(InputEvent(time: time, type: UInt16(type), code: UInt16(code), value: value))
    }

    /// The largest event time either way, in seconds (about 126 years): the kernel's monotonic
    /// clock stays far below it, and differences and timers added to such times cannot overflow.
    static let maxSeconds: Int64 = 4_000_000_000

    /// `<sec>.<usec>` in microseconds, with exactly six digits after the dot as evemu writes
    /// them (so "0.5" is refused rather than read as five microseconds, as evemu would). A leading `-` is
    /// allowed, so every time `EvemuRecording.text` writes reads back.
    private func eventTime(_ field: Substring, line: Int) throws(EvemuRecordingError) -> Microseconds {
        let isNegative = field.first == "-"
        let parts = field.dropFirst(isNegative ? 1 : 0).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].count == 6,
            parts[0].allSatisfy(\.isASCIIDigit), parts[1].allSatisfy(\.isASCIIDigit)
        else {
            throw error(
                line,
                "event time \(Self.quoted(field)) must be seconds, a dot and six digits of microseconds, like 1.250000"
            )
        }
        // The whole time is within the limit: 4000000000.000001 is over it too.
        guard let seconds = Int64(parts[0]), let microseconds = Int64(parts[1]), seconds <= Self.maxSeconds,
            seconds * 1_000_000 + microseconds <= Self.maxSeconds * 1_000_000
        else {
            throw error(line, "event time \(Self.quoted(field)) is too large: evemu times are at most \(Self.maxSeconds) seconds either way")
        }
        let time = seconds * 1_000_000 + microseconds
        return isNegative ? -time : time
    }

    // MARK: Fields

    private func withoutComment(_ text: Substring) -> Substring {
        guard let hash = text.firstIndex(of: "#") else { return text }
        return text[..<hash]
    }

    private static func fields(_ text: Substring) -> [Substring] {
        // A CR too: kept at the end of an A:, L: or S: line, it would join the LF `text` writes
        // after it and vanish on the way back (found by libFuzzer, fuzz-evemu: "A:\r ").
        // Split by scalar, not by Character: a combining mark after a space makes one Character
        // of the two, which would hide the separator once `text` writes the space back
        // (libFuzzer, fuzz-evemu: "A:\r\u{32F} ").
        text.unicodeScalars.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(Substring.init)
    }

    /// Exactly 8 hex bytes, or nil.
    private static func maskBytes(_ fields: [Substring]) -> [UInt8]? {
        let bytes = fields.compactMap { hex($0, maxDigits: 2).map(UInt8.init) }
        return fields.count == 8 && bytes.count == 8 ? bytes : nil
    }

    /// A hex number of 1 to `maxDigits` digits, without sign or `0x`; nil otherwise.
    private static func hex(_ field: Substring, maxDigits: Int) -> UInt64? {
        guard !field.isEmpty, field.count <= maxDigits, field.allSatisfy(\.isHexDigit), field.allSatisfy(\.isASCII) else {
            return nil
        }
        return UInt64(field, radix: 16)
    }

    private static func quoted(_ text: Substring) -> String {
        "\"" + text.trimmingSpaces + "\""
    }

    private func error(_ line: Int, _ message: String) -> EvemuRecordingError {
        EvemuRecordingError(file: file, line: line, message: message)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        let isSpace = { (character: Character) in character == " " || character == "\t" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
