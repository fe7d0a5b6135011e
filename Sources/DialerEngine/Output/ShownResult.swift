// SPDX-License-Identifier: Apache-2.0

public import T9Search

/// A row of the results with the texts a display needs, read from the index's contacts once, so a
/// display needs neither the index nor the contact table: a contact and one of its numbers, with
/// that number's label.
public struct ShownResult: Sendable, Hashable {
    public var result: SearchResult
    /// The contact's display name.
    public var name: String
    /// The number a dial of this result calls, as written in the contact ("" when it has none).
    public var number: String
    /// What kind of number `number` is (`mobile`, `home`, a custom label).
    public var label: NumberLabel
    /// The text `ranges` index: the name, another name (a nickname, a reading) or the number.
    public var text: String
    public var uid: String

    public init(_ result: SearchResult, in contacts: ContactTable) {
        self.result = result
        // Only the four texts shown are made into strings, read where the table keeps them:
        // making the whole contact (every name and number) cost more than the search, twenty
        // results a keystroke.
        var (name, number, text, uid) = ("", "", "", "")
        var label = NumberLabel()
        contacts.withTexts(of: result.contact) { texts in
            func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
            name = string(texts[.name(0)])
            number = string(texts[.number(result.number)])
            label = texts.label(ofNumber: result.number)
            uid = string(texts.uid)
            switch result.field {
            case .name(let position): text = position < texts.nameCount ? string(texts[.name(position)]) : name
            case .number(let position): text = position < texts.numberCount ? string(texts[.number(position)]) : number
            }
        }
        (self.name, self.number, self.text, self.uid, self.label) = (name, number, text, uid, label)
    }

    /// Which text of the contact matched.
    public var field: SearchResult.Field { result.field }
    /// What to highlight: half-open ranges of Unicode scalar offsets in `text`.
    public var ranges: [Range<Int>] { result.ranges }
    public var quality: MatchQuality { result.quality }
}
