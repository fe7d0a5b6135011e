// SPDX-License-Identifier: Apache-2.0

import T9Search

/// Text as a comparison sees it after the `c` and `d` modifiers, with where its words start and end.
struct FoldedText {
    var scalars: [Unicode.Scalar]
    /// `boundaries[i]`: position i (0...count) is a word start or end, where a letter or digit
    /// meets anything else or the text's edge. `w` and `t` matches start and end only there.
    var boundaries: [Bool]

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
        let isWord = scalars.map(Self.isWordScalar)
        boundaries = (0...scalars.count).map { i in
            let before = i > 0 && isWord[i - 1]
            let after = i < isWord.count && isWord[i]
            return before != after
        }
    }

    /// Letters, digits and the marks that belong to them make words; everything else separates.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let v = scalar.value
            return (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A)
        }
        let properties = scalar.properties
        if properties.isAlphabetic { return true }
        switch properties.generalCategory {
        case .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}

/// Applies `c` (lowercase) and `d` (base letters, through `T9Alphabet.baseLetter`) to text, one
/// Unicode scalar at a time, remembering the folds of non-ASCII scalars because the alphabet
/// finds them by Unicode name, which is slow.
///
/// `d` folds a letter the active keypad layouts know to its layout letter (é to e, ά to α) and
/// drops combining marks; a letter of a script no layout has keeps its accents. Without `c` the
/// base letter keeps the original's case (É to E).
struct TextFolder {
    let alphabet: T9Alphabet
    private var memo: [Unicode.Scalar: Unicode.Scalar?] = [:]

    init(alphabet: T9Alphabet) { self.alphabet = alphabet }

    mutating func fold(_ text: String, _ modifiers: QueryModifiers) -> [Unicode.Scalar] {
        let lower = modifiers.contains(.caseInsensitive)
        let base = modifiers.contains(.diacriticInsensitive)
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                if lower, scalar.value >= 0x41, scalar.value <= 0x5A {
                    result.append(Unicode.Scalar(scalar.value + 0x20)!)
                } else {
                    result.append(scalar)
                }
                continue
            }
            if base {
                switch scalar.properties.generalCategory {
                case .nonspacingMark, .enclosingMark: continue
                default: break
                }
                if let letter = baseLetter(scalar) {
                    result.append(lower || !scalar.properties.isUppercase ? letter : Self.uppercase(letter))
                    continue
                }
            }
            result.append(lower ? Self.lowercase(scalar) : scalar)
        }
        return result
    }

    private mutating func baseLetter(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        if let known = memo[scalar] { return known }
        let letter = alphabet.baseLetter(scalar)
        memo[scalar] = .some(letter)
        return letter
    }

    private static func lowercase(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let mapping = scalar.properties.lowercaseMapping.unicodeScalars
        return mapping.count == 1 ? mapping.first! : scalar
    }

    private static func uppercase(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let mapping = scalar.properties.uppercaseMapping.unicodeScalars
        return mapping.count == 1 ? mapping.first! : scalar
    }
}
