// SPDX-License-Identifier: Apache-2.0

/// `sleep_after` and `backlight` in `[screen]`: when the screen sleeps, and the backlight it
/// switches off.
extension ScreenSettings {
    /// Two minutes: long enough to read a result or a call's end, short enough that a small
    /// OLED does not burn in and a backlight is not on all night.
    public static let defaultSleepAfterSeconds = 120
    /// The shortest sleep time besides 0: the key that wakes the screen types nothing, so a
    /// shorter one would eat the first key of a user who paused to think.
    public static let shortestSleepAfterSeconds = 10
    /// The longest: a day.
    public static let longestSleepAfterSeconds = 86_400

    /// `sleep_after = 120`, `"90s"`, `"2m"`, `"1h"`, or `0`/`"off"` never; `backlight = "NAME"`
    /// or `""` for none.
    mutating func readSleep(_ table: TableReader) throws(ConfigError) {
        if table.table.value("sleep_after")?.string == nil {
            if let seconds = try table.integer("sleep_after", example: "sleep_after = 120") {
                sleepAfterSeconds = try checkedSleep(seconds, written: String(seconds), table)
            }
        } else if let text = try table.string("sleep_after", example: #"sleep_after = "2m""#) {
            guard let seconds = Self.seconds(in: text) else {
                throw table.error(
                    at: "sleep_after",
                    "\(table.subject("sleep_after")) must be seconds (120), a time such as \"90s\", \"2m\" or \"1h\", "
                        + "or 0 or \"off\" for never; found \(TableReader.quoted(text))")
            }
            sleepAfterSeconds = try checkedSleep(seconds, written: TableReader.quoted(text), table)
        }
        if let name = try table.string("backlight", example: #"backlight = "10-0045""#), !name.isEmpty {
            let folder = Self.backlightFolder
            guard SysfsClassName.isValid(name, in: folder) else {
                throw table.error(
                    at: "backlight",
                    "\(table.subject("backlight")) is \(TableReader.quoted(name)), which is not a backlight: write a name of "
                        + "\(folder) (ls \(folder) lists them) or its path there, or \"\" for none")
            }
            backlight = name
        }
    }

    /// `seconds` when it is 0 or within the limits, else the error at `sleep_after`.
    private func checkedSleep(_ seconds: Int, written: String, _ table: TableReader) throws(ConfigError) -> Int {
        guard seconds == 0 || (Self.shortestSleepAfterSeconds...Self.longestSleepAfterSeconds).contains(seconds) else {
            throw table.error(
                at: "sleep_after",
                "\(table.subject("sleep_after")) must be 0 (never) or from \(Self.shortestSleepAfterSeconds) s to "
                    + "\(Self.longestSleepAfterSeconds) s (a day); found \(written)")
        }
        return seconds
    }

    /// The seconds a time such as "90s", "2m", "1h", "120" or "off" says; nil when it says none.
    static func seconds(in text: String) -> Int? {
        let trimmed = String(text.filter { $0 != " " }).lowercased()
        if trimmed == "off" { return 0 }
        let units: [(suffix: String, seconds: Int)] = [("h", 3600), ("m", 60), ("s", 1), ("", 1)]
        for unit in units where trimmed.hasSuffix(unit.suffix) {
            let digits = trimmed.dropLast(unit.suffix.count)
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits), number >= 0 else { return nil }
            let (product, overflow) = number.multipliedReportingOverflow(by: unit.seconds)
            return overflow ? nil : product
        }
        return nil
    }

    /// What the screen's sleep time is to the dialer: nil for never.
    public var sleepAfterMicroseconds: Int64? {
        sleepAfterSeconds == 0 ? nil : Int64(sleepAfterSeconds) * 1_000_000
    }
}

extension ScreenSettings {
    /// Where backlight class devices are, with a slash.
    public static let backlightFolder = "/sys/class/backlight/"

    /// The folder of the backlight `backlight`, written as NAME or `/sys/class/backlight/NAME`.
    public static func backlightDirectory(_ backlight: String) -> String {
        backlight.hasPrefix("/") ? backlight : backlightFolder + backlight
    }
}
