// SPDX-License-Identifier: Apache-2.0

import DialerEngine

/// The call log as lines:
///
///     Calls (2):
///     > Siobhán O'Brien  +353 1 234 5678  out placed  14:02
///       +44 7700 900456  in missed  Mon
extension TextDisplay {
    static func callLogLines(_ log: CallLogScreen, rows: Int) -> [String] {
        let heading = log.title + " (\(log.rows.count)):"
        guard !log.rows.isEmpty else { return [heading, "  " + log.emptyText] }
        let rows = max(1, rows), selected = log.selection ?? 0
        let first = max(0, selected - rows + 1)
        let window = first..<min(log.rows.count, first + rows)
        return [heading]
            + window.map { position in
                (position == log.selection ? "> " : "  ") + callLogLine(log.rows[position])
            }
    }

    /// "Siobhán O'Brien  +353 1 234 5678  out placed  14:02", the number alone when unnamed.
    static func callLogLine(_ row: CallLogRow) -> String {
        [row.name, row.number, row.direction.rawValue + " " + row.outcome, row.when].compactMap { $0 }.joined(separator: "  ")
    }
}
