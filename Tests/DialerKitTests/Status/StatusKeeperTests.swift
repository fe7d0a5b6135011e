// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import DialerEngine
@testable import DialerKit
import Foundation
import TestFixtures
import Testing

@Suite("Status line: the clock and the battery")
struct StatusKeeperTests {
    static let utc = TimeZone(identifier: "UTC")!

    @Test(
        "The clock in 24 h and 12 h",
        arguments: [
            (0, 5, ScreenSettings.ClockFormat.twentyFourHour, "00:05"), (9, 30, .twentyFourHour, "09:30"), (14, 2, .twentyFourHour, "14:02"),
            (0, 5, .twelveHour, "12:05 AM"), (9, 30, .twelveHour, "9:30 AM"), (12, 0, .twelveHour, "12:00 PM"), (23, 59, .twelveHour, "11:59 PM"),
        ])
    func clock(hour: Int, minute: Int, format: ScreenSettings.ClockFormat, shown: String) {
        #expect(StatusKeeper.clock(hour: hour, minute: minute, format: format) == shown)
    }

    /// Read at 14:02:37.25, the line is read again at 14:03:00 exactly, on the monotonic
    /// clock: one timer a minute, at its start.
    @Test func theNextReadIsAtTheNextMinutesStart() throws {
        try TestFiles.withTemporaryDirectory { folder in
            var keeper = StatusKeeper(clockFormat: .twentyFourHour, powerSupplies: folder)
            let wall = Date(timeIntervalSince1970: 1_764_424_957.25)  // 2025-11-29 14:02:37.25 UTC
            let line = keeper.refresh(wall: wall, now: 5_000_000, timeZone: Self.utc)
            #expect(line == StatusLine(clock: "14:02"))
            let next: Int64? = 5_000_000 + 22_750_000
            #expect(keeper.nextRefresh == next, "\(String(describing: keeper.nextRefresh))")
            keeper.pause()
            #expect(keeper.nextRefresh == nil)
        }
    }

    static func supply(_ folder: String, _ name: String, _ attributes: [String: String]) throws {
        try FileManager.default.createDirectory(atPath: folder + "/" + name, withIntermediateDirectories: true)
        for (key, value) in attributes { try TestFiles.write(value + "\n", to: folder + "/" + name + "/" + key) }
    }

    @Test(
        "The battery: the first of type Battery with a capacity, charging when Charging or Full",
        arguments: [
            ("Discharging", StatusLine.Battery(percent: 87, charging: false), "87%"),
            ("Charging", StatusLine.Battery(percent: 87, charging: true), "87%+"),
            ("Full", StatusLine.Battery(percent: 87, charging: true), "87%+"),
        ])
    func battery(status: String, battery: StatusLine.Battery, text: String) throws {
        try TestFiles.withTemporaryDirectory { folder in
            try Self.supply(folder, "AC", ["type": "Mains", "online": "1"])
            try Self.supply(folder, "BAT0", ["type": "Battery", "capacity": "87", "status": status])
            #expect(StatusKeeper.battery(in: folder) == battery)
            #expect(battery.text == text)
        }
    }

    @Test func noBatteryNoneShown() throws {
        try TestFiles.withTemporaryDirectory { folder in
            try Self.supply(folder, "AC", ["type": "Mains", "online": "1"])
            try Self.supply(folder, "usb", ["type": "Battery"])  // no capacity
            #expect(StatusKeeper.battery(in: folder) == nil)
            #expect(StatusKeeper.battery(in: folder + "/missing") == nil)
        }
    }
}
