// SPDX-License-Identifier: Apache-2.0

public import T9Search

/// Writes JSON for t9dial's machine-readable output, as UTF-8 bytes into one buffer.
///
/// Results go out as one line per query, tens of thousands of times a second when a program
/// drives `t9dial search --stdin --json`: text is copied as bytes, in runs between the few
/// characters JSON escapes, straight from the contact table where it can be (no String is
/// made), and the buffer is kept from line to line (`removeAll()`). Writing the fields directly
/// also keeps the keys in the documented order, which Foundation's encoder does not promise.
public struct JSONWriter {
    /// The JSON written so far.
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// The JSON written so far, as a string.
    public var output: String { String(decoding: bytes, as: UTF8.self) }

    /// Empties the buffer, keeping its memory for the next line.
    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { string(utf8: $0) }
    }

    /// A string from its UTF-8 bytes: quotes, backslashes and control characters escaped.
    public mutating func string(utf8 text: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var run = 0  // the start of the bytes not yet copied
        for (offset, byte) in text.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[run..<offset]))
            run = offset + 1
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case UInt8(ascii: "\n"): append("\\n")
            case UInt8(ascii: "\r"): append("\\r")
            case UInt8(ascii: "\t"): append("\\t")
            default:
                append("\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0xF)])
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[run...]))
        bytes.append(UInt8(ascii: "\""))
    }

    /// Text that is JSON already (a number, `true`, a bracket), as it is.
    public mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// JSON written in the source, as it is, copied without making a String.
    mutating func literal(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A whole number, in decimal.
    public mutating func integer(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits:
            (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: buffer[(20 - count)...])
        }
    }

    /// An object from key and value-writer pairs, in order.
    public mutating func object(_ members: [(String, (inout JSONWriter) -> Void)]) {
        bytes.append(UInt8(ascii: "{"))
        for (position, member) in members.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            string(member.0)
            bytes.append(UInt8(ascii: ":"))
            member.1(&self)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    public mutating func array<Element>(_ elements: some Collection<Element>, _ write: (inout JSONWriter, Element) -> Void) {
        bytes.append(UInt8(ascii: "["))
        for (position, element) in elements.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            write(&self, element)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    private mutating func append(_ text: StaticString) { literal(text) }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}

extension ResultPresentation {
    /// `{"name":...,"number":...,"field":"name","ranges":[[0,6]],"uid":...,"text":...,"quality":...}`
    public func writeJSON(to json: inout JSONWriter) {
        Self.writeJSON(
            to: &json, isName: field == "name", ranges: ranges, quality: quality, name: { $0.string(name) },
            number: { $0.string(number) }, uid: { $0.string(uid) }, text: { $0.string(text) })
    }

    /// The results of one query as one JSON array.
    public static func jsonArray(_ results: [ResultPresentation]) -> String {
        var json = JSONWriter()
        json.array(results) { json, result in result.writeJSON(to: &json) }
        return json.output
    }

    /// The results of one query as one JSON array, as `jsonArray` writes them, but with every
    /// text copied from `index`'s contact table as bytes: no presentation and no string is
    /// made, for `t9dial search --stdin --json`.
    public static func writeJSONArray(_ results: [SearchResult], in index: SearchIndex, to json: inout JSONWriter) {
        let table = index.contacts
        json.array(results) { json, result in
            let contact = result.contact
            let matched: ContactTable.FieldText
            switch result.field {
            case .name(let position): matched = .name(position)
            case .number(let position): matched = .number(position)
            }
            writeJSON(
                to: &json, isName: { if case .name = result.field { true } else { false } }(),
                ranges: result.ranges, quality: result.quality,
                name: { json in table.withUTF8(.name(0), of: contact) { json.string(utf8: $0) } },
                number: { json in table.withUTF8(.number(result.number), of: contact) { json.string(utf8: $0) } },
                uid: { json in table.withUTF8(.uid, of: contact) { json.string(utf8: $0) } },
                text: { json in table.withUTF8(matched, of: contact) { json.string(utf8: $0) } })
        }
    }

    /// One result's object, its texts written by the given writers: the one layout of a result
    /// in JSON, whichever way its texts are held.
    private static func writeJSON(
        to json: inout JSONWriter, isName: Bool, ranges: [Range<Int>], quality: MatchQuality, name: (inout JSONWriter) -> Void,
        number: (inout JSONWriter) -> Void, uid: (inout JSONWriter) -> Void, text: (inout JSONWriter) -> Void
    ) {
        json.literal("{\"name\":")
        name(&json)
        json.literal(",\"number\":")
        number(&json)
        json.literal(isName ? ",\"field\":\"name\",\"ranges\":" : ",\"field\":\"number\",\"ranges\":")
        json.array(ranges) { json, range in
            json.literal("[")
            json.integer(range.lowerBound)
            json.literal(",")
            json.integer(range.upperBound)
            json.literal("]")
        }
        json.literal(",\"uid\":")
        uid(&json)
        json.literal(",\"text\":")
        text(&json)
        json.literal(",\"quality\":")
        json.string(quality.description)
        json.literal("}")
    }
}
