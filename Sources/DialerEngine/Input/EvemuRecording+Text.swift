// SPDX-License-Identifier: Apache-2.0

import InputEvents

/// Writing a recording back in evemu's format, for tests and bug reports.
extension EvemuRecording {
    /// The recording as `evemu-record` writes it, which `evemu-play` replays and `parse` reads
    /// back to an equal recording. Masks not a whole number of 8-byte lines are padded with
    /// zero bytes; line breaks in the name become spaces.
    public var text: String {
        var lines = ["# EVEMU 1.3"]
        if let name {
            lines.append("N: " + String(name.map { $0.isNewline ? " " : $0 }))
        }
        if let identity {
            let ids = [identity.bus, identity.vendor, identity.product, identity.version]
            lines.append("I: " + ids.map { Self.hex($0, width: 4) }.joined(separator: " "))
        }
        for row in Self.rows(of: properties) {
            lines.append("P: " + row)
        }
        for type in eventMasks.keys.sorted() {
            for row in Self.rows(of: eventMasks[type] ?? []) {
                lines.append("B: \(Self.hex(type, width: 2)) " + row)
            }
        }
        lines += otherDeviceLines
        for event in events {
            lines.append(
                "E: \(Self.timeText(event.time)) \(Self.hex(event.type, width: 4)) \(Self.hex(event.code, width: 4)) "
                    + Self.valueText(event.value)
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `1.250000`: seconds and six digits of microseconds, as evemu writes event times.
    static func timeText(_ time: Microseconds) -> String {
        let sign = time < 0 ? "-" : ""
        let magnitude = time.magnitude
        let fraction = String(magnitude % 1_000_000)
        return sign + String(magnitude / 1_000_000) + "." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    /// Lowercase hex, zero-padded to `width` digits.
    static func hex(_ value: some BinaryInteger, width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// A value as evemu's `%04d` writes it: `0001`, `-001`, `458845`.
    private static func valueText(_ value: Int32) -> String {
        let digits = String(value.magnitude)
        let width = value < 0 ? 3 : 4
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// `bytes` as lines of eight hex bytes, the last padded with zeros.
    private static func rows(of bytes: [UInt8]) -> [String] {
        stride(from: 0, to: bytes.count, by: 8).map { start in
            let row = bytes[start..<min(start + 8, bytes.count)] + Array(repeating: 0, count: max(0, start + 8 - bytes.count))
            return row.map { hex($0, width: 2) }.joined(separator: " ")
        }
    }
}
