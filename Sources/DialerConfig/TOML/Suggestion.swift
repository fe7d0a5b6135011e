// SPDX-License-Identifier: Apache-2.0

/// Finds the known name a misspelt one was probably meant to be, for "did you mean" hints.
public enum Suggestion {
    /// The closest of `candidates` to `word`, when it is a likely typo (ignoring case, one edit
    /// for short names, two for names of six letters or more); nil when none is close.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let typed = Array(word.lowercased())
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let allowed = candidate.count >= 6 ? 2 : 1
            // The distance is at least the difference in length: a name far longer than any
            // candidate (a 5,000-character key from a damaged file) costs no table.
            let lowered = Array(candidate.lowercased())
            guard abs(typed.count - lowered.count) <= allowed else { continue }
            let distance = editDistance(typed, lowered)
            if distance <= allowed, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// The Damerau-Levenshtein distance (optimal string alignment): insertions, deletions,
    /// substitutions and swaps of neighbours each count one.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var distance = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    distance = min(distance, table[i - 2][j - 2] + 1)
                }
                table[i][j] = distance
            }
        }
        return table[a.count][b.count]
    }
}
