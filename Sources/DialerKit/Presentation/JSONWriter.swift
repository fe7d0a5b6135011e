/// Writes JSON for t9dial's machine-readable output.
///
/// Results go out as one line per query, thousands of times a second when a program drives
/// `t9dial search --stdin --json`; writing the few fields directly keeps that cheap and keeps
/// the keys in the documented order, which Foundation's encoder does not promise.
public struct JSONWriter {
    public private(set) var output = ""

    public init() {}

    public mutating func string(_ value: String) {
        output.append("\"")
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output.append("\\\"")
            case "\\": output.append("\\\\")
            case "\n": output.append("\\n")
            case "\r": output.append("\\r")
            case "\t": output.append("\\t")
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output.append("\"")
    }

    public mutating func raw(_ text: String) { output.append(text) }

    /// An object from key and value-writer pairs, in order.
    public mutating func object(_ members: [(String, (inout JSONWriter) -> Void)]) {
        output.append("{")
        for (position, member) in members.enumerated() {
            if position > 0 { output.append(",") }
            string(member.0)
            output.append(":")
            member.1(&self)
        }
        output.append("}")
    }

    public mutating func array<Element>(_ elements: [Element], _ write: (inout JSONWriter, Element) -> Void) {
        output.append("[")
        for (position, element) in elements.enumerated() {
            if position > 0 { output.append(",") }
            write(&self, element)
        }
        output.append("]")
    }
}

extension ResultPresentation {
    /// `{"name":...,"number":...,"field":"name","ranges":[[0,6]],"uid":...,"text":...,"quality":...}`
    public func writeJSON(to json: inout JSONWriter) {
        json.object([
            ("name", { $0.string(name) }),
            ("number", { $0.string(number) }),
            ("field", { $0.string(field) }),
            ("ranges", { $0.array(ranges) { json, range in json.raw("[\(range.lowerBound),\(range.upperBound)]") } }),
            ("uid", { $0.string(uid) }),
            ("text", { $0.string(text) }),
            ("quality", { $0.string(quality.description) }),
        ])
    }

    /// The results of one query as one JSON array.
    public static func jsonArray(_ results: [ResultPresentation]) -> String {
        var json = JSONWriter()
        json.array(results) { json, result in result.writeJSON(to: &json) }
        return json.output
    }
}
