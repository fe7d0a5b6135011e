// SPDX-License-Identifier: Apache-2.0

import SeededRandom
import T9Search

/// What a user types to find one contact: keys one at a time, sometimes a wrong key and a
/// backspace, stopping when the query is as long as people type (4 to 8 keys).
struct TypingScript {
    enum Kind: String, CaseIterable {
        case firstName = "first name"
        case lastName = "last name"
        case initials = "initials"
        case number = "number"
    }

    enum Step {
        case key(UInt8)
        case backspace
    }

    var kind: Kind
    var steps: [Step]

    static func make(count: Int, contacts: ContactTable, alphabet: T9Alphabet, random: inout SplitMix) -> [TypingScript] {
        var scripts: [TypingScript] = []
        var cache = FoldCache(alphabet: alphabet)
        var text = KeyedText()
        while scripts.count < count {
            let contact = contacts[random.next(0...(contacts.count - 1))]
            guard let number = contact.numbers.first else { continue }
            text.reset(contact.displayName, cache: &cache)
            let kind = Kind.allCases[random.next(0...(Kind.allCases.count - 1))]
            var keys: [UInt8]
            switch kind {
            case .firstName:
                guard let first = text.words.first else { continue }
                keys = Array(text.keys[first.lowerBound...])
            case .lastName:
                guard text.words.count > 1, let last = text.words.last else { continue }
                keys = Array(text.keys[last.lowerBound...])
            case .initials:
                guard text.words.count > 1 else { continue }
                keys = text.words.dropLast().map { text.keys[$0.lowerBound] } + text.keys[text.words.last!.lowerBound...]
            case .number:
                keys = number.unicodeScalars.compactMap { ("0"..."9").contains($0) ? UInt8($0.value - 48) : nil }
                if keys.count > 8 { keys = Array(keys.dropFirst(random.next(0...2))) }
            }
            keys = Array(keys.prefix(random.next(4...8)))
            guard keys.count >= 2 else { continue }
            var steps: [Step] = []
            for (position, key) in keys.enumerated() {
                // One session in five has a slip of the finger, corrected at once.
                if position > 0, random.next(0...19) < 4, position == keys.count / 2 {
                    steps.append(.key(UInt8(random.next(0...9))))
                    steps.append(.backspace)
                }
                steps.append(.key(key))
            }
            scripts.append(TypingScript(kind: kind, steps: steps))
        }
        return scripts
    }
}
