// SPDX-License-Identifier: Apache-2.0

public import DialerEngine
import Presentation

/// The idle screen's status line as JSON, a line of its own when it changes, not a field of
/// every screen:
///
///     {"event":"status","clock":"14:02","missed":2,"battery":87,"charging":true}
///
/// `battery` and `charging` are null without a battery.
extension JSONDisplay {
    mutating func writeStatusChange(_ status: StatusLine?) {
        guard let status, status != lastStatus else { return }
        lastStatus = status
        output.write(Self.json(status) + "\n")
    }

    public static func json(_ status: StatusLine) -> String {
        var json = JSONWriter()
        json.object([
            ("event", { $0.string("status") }),
            ("clock", { json in json.optionalString(status.clock) }),
            ("missed", { $0.raw(String(status.missedCalls)) }),
            ("battery", { $0.raw(status.battery.map { String($0.percent) } ?? "null") }),
            ("charging", { $0.raw(status.battery.map { $0.charging ? "true" : "false" } ?? "null") }),
        ])
        return json.output
    }
}
