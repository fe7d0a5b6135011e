// SPDX-License-Identifier: Apache-2.0

/// What the search core needs to know about one contact: the texts it can be found by and its
/// numbers. The contact book builds these; other programs can build them from anything.
public struct SearchableContact: Sendable, Hashable {
    /// The texts a name query looks at. The first is the name shown to the user.
    public var names: [NameField]
    /// Phone numbers as written ("+44 121 496 0000", "(201) 555-0123").
    public var numbers: [String]
    /// What kind of number each of `numbers` is, in the same order; a number past its end
    /// has no label (the numbers without a label at the end are left out).
    public var numberLabels: [NumberLabel]
    /// The number a name match shows and dials when its numbers are not listed one a row:
    /// the first of them as `ContactTable.numberRows` lists them without a dial history.
    public var preferredNumber: Int
    /// A stable identifier shown in results (the vCard UID).
    public var uid: String

    public init(names: [NameField], numbers: [String], numberLabels: [NumberLabel] = [], preferredNumber: Int = 0, uid: String) {
        self.names = names
        self.numbers = numbers
        // Numbers without a label at the end are left out, so one contact has one value.
        var labels = Array(numberLabels.prefix(numbers.count))
        while labels.last == NumberLabel() { labels.removeLast() }
        self.numberLabels = labels
        self.preferredNumber = numbers.indices.contains(preferredNumber) ? preferredNumber : 0
        self.uid = uid
    }

    /// The label of number `position`: none when it was given none.
    public func label(ofNumber position: Int) -> NumberLabel {
        numberLabels.indices.contains(position) ? numberLabels[position] : NumberLabel()
    }

    /// The name shown for this contact.
    public var displayName: String { names.first?.text ?? "" }
}

/// One text a contact can be found by.
public struct NameField: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The formatted name (vCard FN).
        case displayName = "name"
        case nickname
        /// A reading of the name (vCard X-PHONETIC-*), so a CJK name can be typed.
        case phonetic
        /// The vCard SORT-AS text.
        case sortAs = "sort-as"
        case organization
    }

    public var text: String
    public var kind: Kind

    public init(_ text: String, kind: Kind) {
        self.text = text
        self.kind = kind
    }
}
