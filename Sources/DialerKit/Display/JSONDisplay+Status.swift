// SPDX-License-Identifier: Apache-2.0

public import DialerEngine
import Presentation

/// The idle screen's status line as JSON, a line of its own when it changes, not a field of
/// every screen:
///
///     {"event":"status","clock":"14:02","missed":2,"battery":87,"charging":true,
///      "line":{"registered":true,"signal":null,"operator":null}}
///
/// `battery` and `charging` are null without a battery; `line` is null until the line says,
/// and each of its fields null when it does not know (`signal` is 0 to 4 bars).
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
            (
                "line",
                { json in
                    guard let line = status.line else { return json.raw("null") }
                    json.object([
                        ("registered", { $0.raw(line.registered.map { $0 ? "true" : "false" } ?? "null") }),
                        ("signal", { $0.raw(line.signalBars.map(String.init) ?? "null") }),
                        ("operator", { json in json.optionalString(line.operatorName) }),
                    ])
                }
            ),
        ])
        return json.output
    }
}
