// SPDX-License-Identifier: Apache-2.0

/// A string value of a query as a pattern: literal scalars and `*`, which matches any run of
/// characters, none included.
struct WildcardPattern {
    enum Element: Equatable {
        case literal(Unicode.Scalar)
        case any
    }

    let elements: [Element]

    init(_ scalars: [Unicode.Scalar]) {
        var elements: [Element] = []
        for scalar in scalars {
            if scalar == "*" {
                if elements.last != .any { elements.append(.any) }
            } else {
                elements.append(.literal(scalar))
            }
        }
        self.elements = elements
    }

    /// Whether the pattern matches all of `text`.
    func matchesWhole(_ text: [Unicode.Scalar]) -> Bool {
        var starts = [Bool](repeating: false, count: text.count + 1)
        starts[0] = true
        return ends(in: text, from: starts)[text.count]
    }

    /// Whether the pattern matches a part of `text` that starts and ends at word boundaries (`w`).
    func matchesWords(_ text: FoldedText) -> Bool {
        let ends = ends(in: text.scalars, from: text.boundaries)
        for i in ends.indices where ends[i] && text.boundaries[i] { return true }
        return false
    }

    /// The positions where a match can end, given the positions where it may start: one pass
    /// over the pattern with the set of reachable positions, so no backtracking.
    private func ends(in text: [Unicode.Scalar], from starts: [Bool]) -> [Bool] {
        var reachable = starts
        var next = [Bool](repeating: false, count: text.count + 1)
        for element in elements {
            for i in next.indices { next[i] = false }
            switch element {
            case .literal(let scalar):
                for i in 0..<text.count where reachable[i] && text[i] == scalar { next[i + 1] = true }
            case .any:
                if let first = reachable.firstIndex(of: true) {
                    for i in first..<next.count { next[i] = true }
                }
            }
            swap(&reachable, &next)
        }
        return reachable
    }
}
