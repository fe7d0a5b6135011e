// SPDX-License-Identifier: Apache-2.0

public import T9Search

/// A search result with the texts a display needs, read from the index's contacts once, so a
/// display needs neither the index nor the contact table.
public struct ShownResult: Sendable, Hashable {
    public var result: SearchResult
    /// The contact's display name.
    public var name: String
    /// The number a dial of this result calls, as written in the contact ("" when it has none).
    public var number: String
    /// The text `ranges` index: the name, another name (a nickname, a reading) or the number.
    public var text: String
    public var uid: String

    public init(_ result: SearchResult, in contacts: ContactTable) {
        let contact = contacts[result.contact]
        self.result = result
        name = contact.displayName
        number = contact.numbers.indices.contains(result.number) ? contact.numbers[result.number] : ""
        uid = contact.uid
        switch result.field {
        case .name(let position): text = contact.names.indices.contains(position) ? contact.names[position].text : name
        case .number(let position): text = contact.numbers.indices.contains(position) ? contact.numbers[position] : number
        }
    }

    /// Which text of the contact matched.
    public var field: SearchResult.Field { result.field }
    /// What to highlight: half-open ranges of Unicode scalar offsets in `text`.
    public var ranges: [Range<Int>] { result.ranges }
    public var quality: MatchQuality { result.quality }
}
