// SPDX-License-Identifier: Apache-2.0

/// What kind of number one of a contact's numbers is, as the screen names it: the vCard's TYPE
/// or the CSV column ("cell" or "Mobile Phone" is `mobile`), whether it is the contact's
/// preferred number (vCard `PREF`, Google's `* ` label), and a label the importer does not know,
/// kept as the source wrote it. A contact's numbers are listed by it (`ContactTable.numberRows`).
public struct NumberLabel: Sendable, Hashable {
    /// The kinds of number the screen has a word for, in the order they are listed (`order`).
    /// Stored in four bits of the contact table, so there are at most sixteen.
    public enum Kind: UInt8, Sendable, Hashable, CaseIterable {
        /// No type given (a vCard `TEL:` alone, or `TYPE=voice`): no label is shown.
        case none = 0
        case mobile, workMobile, iPhone, home, work, main, other, car, assistant, pager, fax, homeFax, workFax
        /// A label of the source's own ("Grandma", `TYPE=x-boat`): `NumberLabel.custom` says it.
        case custom
    }

    public var kind: Kind
    /// The contact's preferred number (vCard `PREF`), listed before the others of its kind.
    public var isPreferred: Bool
    /// The label as written, for `.custom`; nil for every other kind.
    public private(set) var custom: String?

    /// The most characters of a custom label kept: a longer one is cut. A label longer than
    /// this says no more on a screen of forty columns beside a name and a number.
    public static let customLimit = 20

    public init(_ kind: Kind = .none, isPreferred: Bool = false) {
        self.kind = kind == .custom ? .none : kind
        self.isPreferred = isPreferred
    }

    /// A label of the source's own, blanks at either end left out and cut at `customLimit`
    /// characters; an empty one is no label.
    public init(custom text: String, isPreferred: Bool = false) {
        let trimmed = text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()
        self.isPreferred = isPreferred
        if trimmed.isEmpty {
            kind = .none
        } else {
            kind = .custom
            custom = String(String(trimmed).prefix(Self.customLimit))
        }
    }

    /// The word for the label in lists and JSON (`mobile`, `home`, `work fax`, a custom
    /// label as written); nil when the number has none.
    public var word: String? {
        switch kind {
        case .none: nil
        case .mobile: "mobile"
        case .workMobile: "work mobile"
        case .iPhone: "iPhone"
        case .home: "home"
        case .work: "work"
        case .main: "main"
        case .other: "other"
        case .car: "car"
        case .assistant: "assistant"
        case .pager: "pager"
        case .fax: "fax"
        case .homeFax: "home fax"
        case .workFax: "work fax"
        case .custom: custom
        }
    }

    /// The label in at most four characters, for a screen too narrow for the word: `mob`,
    /// `home`, `work`, `wmob`, the first four of a custom label; nil when the number has none.
    public var short: String? {
        switch kind {
        case .none: nil
        case .mobile: "mob"
        case .workMobile: "wmob"
        case .iPhone: "iph"
        case .home: "home"
        case .work: "work"
        case .main: "main"
        case .other: "oth"
        case .car: "car"
        case .assistant: "asst"
        case .pager: "pgr"
        case .fax: "fax"
        case .homeFax: "hfax"
        case .workFax: "wfax"
        case .custom: custom.map { String($0.prefix(4)) }
        }
    }

    /// Where numbers of this kind come among a contact's numbers, lowest first: mobile, home,
    /// work, main, other, then the rest, pager and fax last.
    public var order: Int {
        switch kind {
        case .mobile, .workMobile, .iPhone: 0
        case .home: 1
        case .work: 2
        case .main: 3
        case .other: 4
        case .none, .custom, .car, .assistant: 5
        case .pager: 6
        case .fax, .homeFax, .workFax: 7
        }
    }

    /// A fax number: a voice call to it reaches a machine, so a contact found by name lists it
    /// only when it has no other number.
    public var isFax: Bool { kind == .fax || kind == .homeFax || kind == .workFax }
}
