// SPDX-License-Identifier: Apache-2.0

import TerminalText

/// Turns the phone labels that exporters write into `PhoneNumber.types`, so "Mobile", "Mobile
/// Phone", Apple's "_$!<Mobile>!$_" and vCard's "CELL" all come out as "cell" and
/// `PhoneNumber.isMobile` finds them. A label it does not know is kept, lowercased.
enum PhoneLabel {
    static func types(for label: String) -> [String] {
        var text = label.trimmingBlanks()
        // Apple wraps its built-in labels: "_$!<HomeFAX>!$_".
        if text.hasPrefix("_$!<"), text.hasSuffix(">!$_"), text.count > 8 {
            text = String(text.dropFirst(4).dropLast(4))
        }
        let lowercased = text.lowercased()
        let key = String(
            lowercased.unicodeScalars.filter { scalar in
                !" _-/'’".unicodeScalars.contains(scalar) && !("0"..."9").contains(scalar)
            })
        if let known = knownLabels[key] { return known }
        return lowercased.isEmpty ? [] : [lowercased]
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
