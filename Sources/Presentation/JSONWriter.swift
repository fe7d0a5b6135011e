// SPDX-License-Identifier: Apache-2.0

import TerminalText
public import T9Search

/// Writes JSON for t9dial's machine-readable output, as UTF-8 bytes into one buffer.
///
/// Results go out as one line per query, tens of thousands of times a second when a program
/// drives `t9dial search --stdin --json`: text is copied as bytes, in runs between the few
/// characters JSON escapes, straight from the contact table where it can be (no String is
/// made), and the buffer is kept from line to line (`removeAll()`). Writing the fields directly
/// also keeps the keys in the documented order, which Foundation's encoder does not promise.
public struct JSONWriter: ~Copyable {
    /// The JSON written so far: `count` bytes of `capacity` allocated. Its own buffer, not an
    /// array: every append to an array checked that its storage was not shared, and a result
    /// is some thirty appends.
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    public private(set) var count = 0

    public init() {
        capacity = 1024
        storage = .allocate(capacity: capacity)
    }

    deinit { storage.deallocate() }

    /// The JSON written so far, as a string.
    public var output: String { withBytes { String(decoding: $0, as: UTF8.self) } }

    /// Runs `body` with the JSON written so far.
    public func withBytes<Result, Failure: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(UnsafeBufferPointer(start: storage, count: count))
    }

    /// Empties the buffer, keeping its memory for the next line.
    public mutating func removeAll() { count = 0 }

    public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { string(utf8: $0) }
    }

    /// A string from its UTF-8 bytes: quotes, backslashes and control characters escaped.
    public mutating func string(utf8 text: UnsafeBufferPointer<UInt8>) {
        // Room for the text and its quotes at once; escapes ask for more as they come.
        reserve(text.count + 2)
        append(UInt8(ascii: "\""))
        // Nearly every name and number has nothing to escape: checked eight bytes at a time,
        // it is copied whole.
        guard Self.needsEscape(text) else {
            append(text)
            append(UInt8(ascii: "\""))
            return
        }
        var run = 0  // the start of the bytes not yet copied
        for (offset, byte) in text.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            append(UnsafeBufferPointer(rebasing: text[run..<offset]))
            run = offset + 1
            switch byte {
            case UInt8(ascii: "\""): literal("\\\"")
            case UInt8(ascii: "\\"): literal("\\\\")
            case UInt8(ascii: "\n"): literal("\\n")
            case UInt8(ascii: "\r"): literal("\\r")
            case UInt8(ascii: "\t"): literal("\\t")
            default:
                literal("\\u00")
                append(Self.hexDigit(byte >> 4))
                append(Self.hexDigit(byte & 0xF))
            }
        }
        append(UnsafeBufferPointer(rebasing: text[run...]))
        append(UInt8(ascii: "\""))
    }

    /// Whether `text` holds a control character, a quote or a backslash, read eight bytes
    /// at a time (`ByteWords`).
    static func needsEscape(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        ByteWords.contains(text) { word in
            // Bytes of multi-byte UTF-8 (0x80 and up) are none of these.
            ByteWords.anyBelow(word, 0x20) || ByteWords.anyEqual(word, UInt8(ascii: "\"")) || ByteWords.anyEqual(word, UInt8(ascii: "\\"))
        }
    }

    /// Text that is JSON already (a number, `true`, a bracket), as it is.
    public mutating func raw(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// JSON written in the source, as it is, copied without making a String.
    mutating func literal(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// A whole number, in decimal.
    public mutating func integer(_ value: Int) {
        // At most 19 digits (Int.min's) and a sign: counted first, then written from the last.
        reserve(20)
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = 1
        var power: UInt = 10
        while digits < 19 && magnitude >= power {
            digits += 1
            power &*= 10
        }
        var position = count + digits
        count = position
        repeat {
            position -= 1
            storage[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
    }

    /// An object from key and value-writer pairs, in order.
    public mutating func object(_ members: [(String, (inout JSONWriter) -> Void)]) {
        append(UInt8(ascii: "{"))
        for (position, member) in members.enumerated() {
            if position > 0 { append(UInt8(ascii: ",")) }
            string(member.0)
            append(UInt8(ascii: ":"))
            member.1(&self)
        }
        append(UInt8(ascii: "}"))
    }

    public mutating func array<Element>(_ elements: some Collection<Element>, _ write: (inout JSONWriter, Element) -> Void) {
        append(UInt8(ascii: "["))
        for (position, element) in elements.enumerated() {
            if position > 0 { append(UInt8(ascii: ",")) }
            write(&self, element)
        }
        append(UInt8(ascii: "]"))
    }

    // MARK: The buffer

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(toHold: count + extra) }
    }

    private mutating func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStorage.initialize(from: storage, count: count)
        storage.deallocate()
        (storage, capacity) = (newStorage, newCapacity)
    }

    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    @inline(__always)
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        reserve(bytes.count)
        (storage + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}

extension ResultPresentation {
    /// `{"name":...,"number":...,"label":"mobile","field":"name","ranges":[[0,6]],"uid":...,"text":...,"quality":...}`;
    /// `label` is null for a number without one.
    public func writeJSON(to json: inout JSONWriter) {
        var name = name, number = number, uid = uid, text = text, label = label
        name.withUTF8 { name in
            number.withUTF8 { number in
                uid.withUTF8 { uid in
                    text.withUTF8 { text in
                        Self.withOptionalUTF8(&label) { label in
                            Self.writeJSON(
                                to: &json, isName: field == "name", ranges: ranges, quality: quality, name: name, number: number,
                                label: label, uid: uid, text: text)
                        }
                    }
                }
            }
        }
    }

    /// Runs `body` with the UTF-8 of `text`, or nil when there is none.
    private static func withOptionalUTF8(_ text: inout String?, _ body: (UnsafeBufferPointer<UInt8>?) -> Void) {
        guard var some = text else { return body(nil) }
        some.withUTF8 { body($0) }
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
            let matched: ContactTable.FieldText
            let isName: Bool
            switch result.field {
            case .name(let position): (matched, isName) = (.name(position), true)
            case .number(let position): (matched, isName) = (.number(position), false)
            }
            table.withTexts(of: result.contact) { texts in
                var label = texts.label(ofNumber: result.number).word
                withOptionalUTF8(&label) { label in
                    writeJSON(
                        to: &json, isName: isName, ranges: result.ranges, quality: result.quality, name: texts[.name(0)],
                        number: texts[.number(result.number)], label: label, uid: texts.uid, text: texts[matched])
                }
            }
        }
    }

    /// One result's object: the one layout of a result in JSON, whichever way its texts are held.
    private static func writeJSON(
        to json: inout JSONWriter, isName: Bool, ranges: [Range<Int>], quality: MatchQuality, name: UnsafeBufferPointer<UInt8>,
        number: UnsafeBufferPointer<UInt8>, label: UnsafeBufferPointer<UInt8>?, uid: UnsafeBufferPointer<UInt8>,
        text: UnsafeBufferPointer<UInt8>
    ) {
        json.literal("{\"name\":")
        json.string(utf8: name)
        json.literal(",\"number\":")
        json.string(utf8: number)
        json.literal(",\"label\":")
        if let label { json.string(utf8: label) } else { json.literal("null") }
        json.literal(isName ? ",\"field\":\"name\",\"ranges\":" : ",\"field\":\"number\",\"ranges\":")
        json.array(ranges) { json, range in
            json.literal("[")
            json.integer(range.lowerBound)
            json.literal(",")
            json.integer(range.upperBound)
            json.literal("]")
        }
        json.literal(",\"uid\":")
        json.string(utf8: uid)
        json.literal(",\"text\":")
        json.string(utf8: text)
        json.literal(",\"quality\":")
        json.literal(quality.jsonString)
        json.literal("}")
    }
}

extension MatchQuality {
    /// `description` as a JSON string, written without making a String.
    fileprivate var jsonString: StaticString {
        switch self {
        case .namePrefix: "\"name prefix\""
        case .initials: "\"initials\""
        case .laterWordPrefix: "\"later word\""
        case .numberPrefix: "\"number prefix\""
        case .numberMiddle: "\"number middle\""
        case .anywhere: "\"anywhere\""
        }
    }
}
