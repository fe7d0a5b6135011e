public import T9Search
import TerminalText

/// What one search result shows: the contact's name, the number to dial, which text matched
/// and where. Text and JSON output both read it.
public struct ResultPresentation: Sendable, Hashable {
    public var name: String
    public var number: String
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

    /// One readable line: "[Fred S]mith  +44 121 496 0000", "周秀英 ([Zhou] Xiuying)  +86 ...",
    /// "Fred Smith  +44 [121 4]96 0000". Always one line: control characters in the contact's
    /// text are shown as `^X` (`VisibleText`), never written.
    public var line: String {
        let line: String
        if field == "number" {
            line = name + "  " + markedText
        } else if text == name {
            line = markedText + "  " + number
        } else {
            line = name + " (" + markedText + ")  " + number
        }
        return VisibleText.line(line)
    }

    static func mark(_ text: String, _ ranges: [Range<Int>]) -> String {
        var marked = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        for (offset, scalar) in scalars.enumerated() {
            if ranges.contains(where: { $0.lowerBound == offset }) { marked.append("[") }
            marked.append(scalar)
            if ranges.contains(where: { $0.upperBound == offset + 1 }) { marked.append("]") }
        }
        return String(marked)
    }
}
