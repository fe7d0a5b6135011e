// SPDX-License-Identifier: Apache-2.0

import T9Search

/// The number typed in T9 mode: its digits and `+` as typed, and one search session that each
/// digit narrows. `+` is kept for the dial and left out of the search, as Android does.
struct T9Entry {
    private(set) var typed = ""
    let session: SearchSession

    init(index: SearchIndex) {
        session = SearchSession(index: index)
    }

    var isEmpty: Bool { typed.isEmpty }

    mutating func type(_ digit: UInt8) {
        guard digit <= 9, typed.utf8.count < QueryText.maximumLength else { return }
        typed.append(Character(keyDigit: digit))
        session.type(digit)
    }

    /// Turns the `0` just typed into `+`. False when the last key typed is not a `0`.
    mutating func replaceLastZeroWithPlus() -> Bool {
        guard typed.last == "0" else { return false }
        typed.removeLast()
        typed.append("+")
        session.deleteLast()
        return true
    }

    /// Removes the last digit or `+`. False when nothing is typed.
    mutating func deleteLast() -> Bool {
        guard let last = typed.popLast() else { return false }
        if last != "+" { session.deleteLast() }
        return true
    }

    /// The same digits typed into a search of `index`.
    func rebuilt(on index: SearchIndex) -> T9Entry {
        var entry = T9Entry(index: index)
        entry.typed = typed
        entry.session.setQuery(typed.compactMap { $0.wholeNumberValue.map(UInt8.init) })
        return entry
    }

    mutating func clear() {
        typed = ""
        session.clear()
    }
}
