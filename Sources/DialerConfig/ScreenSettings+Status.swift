// SPDX-License-Identifier: Apache-2.0

/// `clock` in `[screen]`: how the idle screen's status line tells the time.
extension ScreenSettings {
    /// 24 h or 12 h.
    public enum ClockFormat: String, Sendable, Hashable, CaseIterable {
        case twentyFourHour = "24h"
        case twelveHour = "12h"
    }

    /// `clock = "24h"` or `"12h"`.
    mutating func readClock(_ table: TableReader) throws(ConfigError) {
        guard let text = try table.string("clock", example: #"clock = "24h""#) else { return }
        guard let format = ClockFormat(rawValue: text) else {
            throw table.error(at: "clock", "\(table.subject("clock")) must be \"24h\" or \"12h\"; found \(TableReader.quoted(text))")
        }
        clock = format
    }
}
