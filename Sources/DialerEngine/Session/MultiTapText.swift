// SPDX-License-Identifier: Apache-2.0

import InputEvents

/// The text typed in multi-tap mode: committed letters and the one still cycling under its key.
struct MultiTapText {
    /// The letter under a key that later presses of the same key replace.
    struct Pending: Hashable {
        var key: UInt8
        var choices: [Character]
        var choice: Int
        /// The choice before this key's latest press, so holding that press can undo its step;
        /// nil when the latest press started the letter.
        var previousChoice: Int?
        /// When the letter commits by itself.
        var deadline: Microseconds

        var character: Character { choices[choice] }
    }

    private(set) var committed = ""
    private(set) var pending: Pending?

    var isEmpty: Bool { committed.isEmpty && pending == nil }
    var query: QueryText { QueryText(committed: committed, pending: pending?.character) }

    /// A press of `key` at `time`: the next choice when the key's letter is still open,
    /// else a new letter (committing the open one). A key with one choice commits at once.
    mutating func press(_ key: UInt8, choices: [Character], at time: Microseconds, commitDelay: Microseconds) {
        guard !choices.isEmpty else { return }
        if var open = pending, open.key == key, time < open.deadline {
            open.previousChoice = open.choice
            open.choice = (open.choice + 1) % open.choices.count
            open.deadline = time + commitDelay
            pending = open
            return
        }
        // A new letter needs room; cycling the open one (above) does not.
        guard committed.count + (pending == nil ? 0 : 1) < QueryText.maximumLength else { return }
        commit()
        if choices.count == 1 {
            committed.append(choices[0])
        } else {
            pending = Pending(key: key, choices: choices, choice: 0, previousChoice: nil, deadline: time + commitDelay)
        }
    }

    /// A long press of `key`: the digit instead of the letter this press chose, as feature
    /// phones do. False when `key` has no open letter (the press was not this key's).
    mutating func hold(_ key: UInt8) -> Bool {
        guard let open = pending, open.key == key else { return false }
        pending = nil
        if let previous = open.previousChoice { committed.append(open.choices[previous]) }
        // The digit, when the letter before this press left room for it.
        if committed.count < QueryText.maximumLength { committed.append(Character(keyDigit: key)) }
        return true
    }

    /// Makes the open letter part of the text.
    mutating func commit() {
        guard let open = pending else { return }
        committed.append(open.character)
        pending = nil
    }

    /// Removes the open letter, else the last committed one. False when there was nothing.
    mutating func deleteLast() -> Bool {
        if pending != nil {
            pending = nil
            return true
        }
        guard !committed.isEmpty else { return false }
        committed.removeLast()
        return true
    }

    mutating func clear() {
        committed = ""
        pending = nil
    }
}
