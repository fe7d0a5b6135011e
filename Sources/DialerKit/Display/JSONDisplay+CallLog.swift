// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import Presentation

/// The call log in a screen's JSON: `"calllog"` is null, or, while the log is shown,
///
///     {"missed":false,"selection":0,"rows":[{"name":"Siobhán O'Brien","number":"+353 1 234 5678",
///      "uid":"siobhan","direction":"out","outcome":"placed","when":"14:02","selected":true}]}
///
/// with `missed` true when only the missed calls are listed, and `when` as the screen says it.
extension JSONDisplay {
    static func writeCallLog(_ log: CallLogScreen?, to json: inout JSONWriter) {
        guard let log else { return json.raw("null") }
        json.object([
            ("missed", { $0.raw(log.missedOnly ? "true" : "false") }),
            ("selection", { json in json.raw(log.selection.map { String($0) } ?? "null") }),
            (
                "rows",
                { json in
                    json.array(Array(log.rows.enumerated())) { json, item in
                        let row = item.element
                        json.object([
                            ("name", { $0.optionalString(row.name) }),
                            ("number", { $0.string(row.number) }),
                            ("uid", { $0.optionalString(row.uid) }),
                            ("direction", { $0.string(row.direction.rawValue) }),
                            ("outcome", { $0.string(row.outcome) }),
                            ("when", { $0.string(row.when) }),
                            ("selected", { $0.raw(item.offset == log.selection ? "true" : "false") }),
                        ])
                    }
                }
            ),
        ])
    }
}
