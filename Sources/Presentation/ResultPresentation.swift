// SPDX-License-Identifier: Apache-2.0

public import T9Search
import TerminalText

/// What one search result shows: the contact's name, the number to dial and its label, which
/// text matched and where. Text and JSON output both read it.
public struct ResultPresentation: Sendable, Hashable {
    public var name: String
    public var number: String
    /// What kind of number `number` is, as a word (`mobile`, `home`, `work fax`, a label of
    /// the source's own as written); nil when the contact gave it none.
    public var label: String?
    /// "name" or "number", as `t9dial search --json` documents.
    public var field: String
    /// The text the ranges index: the name, another name (a nickname, a reading) or the number.
    public var text: String
    public var ranges: [Range<Int>]
    public var uid: String
    public var quality: MatchQuality

    public init(_ result: SearchResult, in index: SearchIndex) {
        let contact = index.contacts[result.contact]
        name = contact.displayName
        number = contact.numbers.indices.contains(result.number) ? contact.numbers[result.number] : ""
        label = contact.label(ofNumber: result.number).word
        uid = contact.uid
        quality = result.quality
        ranges = result.ranges
        switch result.field {
        case .name(let position):
            field = "name"
            text = contact.names[position].text
        case .number(let position):
            field = "number"
            text = contact.numbers[position]
        }
    }

    /// `text` with each matched range in brackets: "[Fred S]mith".
    public var markedText: String { Self.mark(text, ranges) }

    /// One readable line: "[Fred S]mith  +44 121 496 0000  home", "周秀英 ([Zhou] Xiuying)  +86
    /// ...  mobile", "Fred Smith  +44 [121 4]96 0000  home"; the label last, when the number
    /// has one. Always one line: control characters in the contact's text are shown as `^X`
    /// (`VisibleText`), never written.
    public var line: String {
        var bytes: [UInt8] = []
        var name = name, number = number, text = text, label = label ?? ""
        name.withUTF8 { name in
            number.withUTF8 { number in
                text.withUTF8 { text in
                    label.withUTF8 { label in
                        Self.appendLine(
                            to: &bytes, isNumber: field == "number", ranges: ranges, name: name, number: number, text: text, label: label)
                    }
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func mark(_ text: String, _ ranges: [Range<Int>]) -> String {
        var marked: [UInt8] = []
        var text = text
        text.withUTF8 { appendMarked($0, ranges, to: &marked, visible: false) }
        return String(decoding: marked, as: UTF8.self)
    }

    /// The results of one query on one line, as `line` shows each, between " | ": what
    /// `t9dial search --stdin` answers, written as bytes from `index`'s contact table (no
    /// presentation or string made).
    public static func appendLine(_ results: [SearchResult], in index: SearchIndex, to bytes: inout [UInt8]) {
        let table = index.contacts
        for (position, result) in results.enumerated() {
            if position > 0 { bytes.append(contentsOf: " | ".utf8) }
            let matched: ContactTable.FieldText
            switch result.field {
            case .name(let position): matched = .name(position)
            case .number(let position): matched = .number(position)
            }
            table.withTexts(of: result.contact) { texts in
                let isNumber = if case .number = result.field { true } else { false }
                var label = texts.label(ofNumber: result.number).word ?? ""
                label.withUTF8 { label in
                    appendLine(
                        to: &bytes, isNumber: isNumber, ranges: result.ranges, name: texts[.name(0)],
                        number: texts[.number(result.number)], text: texts[matched], label: label)
                }
            }
        }
    }

    /// The one layout of a result's line, whichever way its texts are held: the name and the
    /// marked number, the marked name and the number, or the name, the other name that matched
    /// in brackets, and the number; then the number's label, if any.
    private static func appendLine(
        to bytes: inout [UInt8], isNumber: Bool, ranges: [Range<Int>], name: UnsafeBufferPointer<UInt8>,
        number: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>, label: UnsafeBufferPointer<UInt8>
    ) {
        defer {
            if !label.isEmpty {
                bytes.append(contentsOf: "  ".utf8)
                VisibleText.append(utf8: label, to: &bytes)
            }
        }
        if isNumber {
            VisibleText.append(utf8: name, to: &bytes)
            bytes.append(contentsOf: "  ".utf8)
            appendMarked(text, ranges, to: &bytes)
        } else if text.elementsEqual(name) {
            appendMarked(text, ranges, to: &bytes)
            bytes.append(contentsOf: "  ".utf8)
            VisibleText.append(utf8: number, to: &bytes)
        } else {
            VisibleText.append(utf8: name, to: &bytes)
            bytes.append(contentsOf: " (".utf8)
            appendMarked(text, ranges, to: &bytes)
            bytes.append(contentsOf: ")  ".utf8)
            VisibleText.append(utf8: number, to: &bytes)
        }
    }

    /// `text` with each range of Unicode scalar offsets in brackets ("[Fred S]mith"), its
    /// control characters shown unless `visible` is false.
    private static func appendMarked(_ text: UnsafeBufferPointer<UInt8>, _ ranges: [Range<Int>], to bytes: inout [UInt8], visible: Bool = true) {
        func flush(_ run: Range<Int>) {
            let part = UnsafeBufferPointer(rebasing: text[run])
            if visible { VisibleText.append(utf8: part, to: &bytes) } else { bytes.append(contentsOf: part) }
        }
        // No mark comes after the last range's end: the scalars are walked only that far, and
        // the rest of the text is copied as one run.
        let lastMark = ranges.reduce(0) { max($0, $1.lowerBound + 1, $1.upperBound) }
        var runStart = 0, start = 0, offset = 0
        while start < text.count && offset < lastMark {
            var end = start + 1
            while end < text.count && text[end] & 0xC0 == 0x80 { end += 1 }  // the scalar's continuation bytes
            if ranges.contains(where: { $0.lowerBound == offset }) {
                flush(runStart..<start)
                bytes.append(UInt8(ascii: "["))
                runStart = start
            }
            if ranges.contains(where: { $0.upperBound == offset + 1 }) {
                flush(runStart..<end)
                bytes.append(UInt8(ascii: "]"))
                runStart = end
            }
            offset += 1
            start = end
        }
        flush(runStart..<text.count)
    }
}
