// SPDX-License-Identifier: Apache-2.0

import TerminalText

/// Turns the phone labels that exporters write into `PhoneNumber.types`, so "Mobile", "Mobile
/// Phone", Apple's "_$!<Mobile>!$_" and vCard's "CELL" all come out as "cell" and
/// `PhoneNumber.isMobile` finds them. A label it does not know is kept, lowercased.
enum PhoneLabel {
    static func types(for label: String) -> [String] {
        let text = unwrapped(label)
        if let known = knownLabels[key(text)] { return known }
        let lowercased = text.lowercased()
        return lowercased.isEmpty ? [] : [lowercased]
    }

    /// `label` as written when it is a label of the user's own ("Boat", not "Mobile"), for
    /// `PhoneNumber.label`; nil for a known or empty label.
    static func custom(_ label: String) -> String? {
        let text = unwrapped(label)
        return text.isEmpty || knownLabels[key(text)] != nil ? nil : text
    }

    /// The label trimmed, without the wrapping of Apple's built-in labels ("_$!<HomeFAX>!$_").
    private static func unwrapped(_ label: String) -> String {
        let text = label.trimmingBlanks()
        guard text.hasPrefix("_$!<"), text.hasSuffix(">!$_"), text.count > 8 else { return text }
        return String(text.dropFirst(4).dropLast(4))
    }

    /// The label as `knownLabels` has it: lowercase, without blanks, punctuation or digits.
    private static func key(_ text: String) -> String {
        String(
            text.lowercased().unicodeScalars.filter { scalar in
                !" _-/'’".unicodeScalars.contains(scalar) && !("0"..."9").contains(scalar)
            })
    }

    /// Labels written run together, lowercase, without spaces, punctuation or trailing numbers
    /// ("Home Phone 2" is "homephone").
    private static let knownLabels: [String: [String]] = [
        "cell": ["cell"], "mobile": ["cell"], "mobilephone": ["cell"], "cellular": ["cell"], "handy": ["cell"],
        "iphone": ["iphone"],
        "home": ["home"], "homephone": ["home"], "private": ["home"],
        "work": ["work"], "workphone": ["work"], "business": ["work"], "businessphone": ["work"], "office": ["work"],
        "main": ["main"], "companymain": ["main"], "companymainphone": ["main"],
        "fax": ["fax"], "otherfax": ["fax"],
        "homefax": ["home", "fax"], "workfax": ["work", "fax"], "businessfax": ["work", "fax"],
        "workmobile": ["work", "cell"], "workpager": ["work", "pager"],
        "pager": ["pager"], "other": ["other"], "otherphone": ["other"],
        "assistant": ["assistant"], "assistantphone": ["assistant"], "assistantsphone": ["assistant"],
        "car": ["car"], "carphone": ["car"], "callback": ["callback"], "radio": ["radio"], "radiophone": ["radio"],
        "telex": ["telex"], "isdn": ["isdn"], "ttytdd": ["tty"], "ttytddphone": ["tty"],
        "mms": ["mms"], "primary": ["pref"], "primaryphone": ["pref"], "pref": ["pref"],
    ]
}
