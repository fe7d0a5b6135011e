// SPDX-License-Identifier: Apache-2.0

public import DialerConfig
public import DialerEngine
public import Foundation
public import InputEvents
import SystemCalls

/// Keeps the idle screen's status line: the local time, read once a minute at the minute's
/// start (a timer of the loop, not a tick a second), and the battery, read with it. While the
/// screen sleeps it has no timer: the line is read again when it wakes.
public struct StatusKeeper: Sendable {
    /// 24 h ("14:02") or 12 h ("2:02 PM").
    public var clockFormat: ScreenSettings.ClockFormat
    /// Where power supplies are: `/sys/class/power_supply`; tests give a folder of their own.
    public var powerSupplies: String
    /// When the line is read again (the next minute's start); nil: at the next step.
    public private(set) var nextRefresh: Microseconds?

    public static let powerSupplyFolder = "/sys/class/power_supply"

    public init(clockFormat: ScreenSettings.ClockFormat, powerSupplies: String = StatusKeeper.powerSupplyFolder) {
        self.clockFormat = clockFormat
        self.powerSupplies = powerSupplies
    }

    /// The line at `wall` (the time of day, the zone's), and the next refresh at the next
    /// minute's start on the monotonic clock, whose `now` is the same moment.
    public mutating func refresh(wall: Date, now: Microseconds, timeZone: TimeZone = .current) -> StatusLine {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: wall)
        // Zones are whole minutes from UTC, so the minute starts when UTC's does.
        let sinceEpoch = Microseconds((wall.timeIntervalSince1970 * 1_000_000).rounded())
        let intoMinute = ((sinceEpoch % 60_000_000) + 60_000_000) % 60_000_000
        nextRefresh = now + 60_000_000 - intoMinute
        return StatusLine(
            clock: Self.clock(hour: parts.hour ?? 0, minute: parts.minute ?? 0, format: clockFormat),
            battery: Self.battery(in: powerSupplies))
    }

    /// No refresh until the next step asks for one (the screen slept).
    public mutating func pause() { nextRefresh = nil }

    /// "14:02" or "2:02 PM".
    static func clock(hour: Int, minute: Int, format: ScreenSettings.ClockFormat) -> String {
        let minutes = minute < 10 ? "0\(minute)" : "\(minute)"
        switch format {
        case .twentyFourHour: return "\(hour < 10 ? "0" : "")\(hour):\(minutes)"
        case .twelveHour: return "\(hour % 12 == 0 ? 12 : hour % 12):\(minutes) \(hour < 12 ? "AM" : "PM")"
        }
    }

    /// The first power supply in `folder` of type Battery with a capacity: its percent, and
    /// whether it charges (status Charging or Full); nil when there is none.
    static func battery(in folder: String) -> StatusLine.Battery? {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        for name in names {
            let device = folder + "/" + name
            guard attribute(device, "type") == "Battery", let capacity = attribute(device, "capacity").flatMap({ Int($0) }) else { continue }
            let status = attribute(device, "status")
            return StatusLine.Battery(percent: capacity, charging: status == "Charging" || status == "Full")
        }
        return nil
    }

    /// A sysfs attribute's first line; nil when it cannot be read.
    private static func attribute(_ device: String, _ name: String) -> String? {
        guard let bytes = try? RegularFile.read(device + "/" + name, maxBytes: 4096) else { return nil }
        return String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }
}
