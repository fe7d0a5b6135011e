// SPDX-License-Identifier: Apache-2.0

extension BitmapFont {
    /// Calls `body` for each glyph `text` draws, left to right, with its x offset from the
    /// start of the text and the range of scalar offsets it stands for; returns the text's width.
    ///
    /// Every scalar takes one cell of `width` pixels except marks and format characters
    /// (general categories Mn, Me and Cf: combining accents, variation selectors, zero-width
    /// joiners, soft hyphens), which take none and draw nothing. A base followed by combining
    /// marks draws the font's precomposed glyph when it has one ("e" + U+0301 draws "é"), else
    /// the base alone. A scalar the font lacks draws `replacementGlyph`.
    @discardableResult
    func layOut(_ text: String, _ body: (_ glyph: Glyph, _ x: Int, _ scalars: Range<Int>) -> Void) -> Int {
        var x = 0
        var offset = 0
        var scalars = text.unicodeScalars[...]
        while let base = scalars.popFirst() {
            let start = offset
            offset += 1
            if Self.takesNoCell(base) { continue }
            // The marks that follow belong to this cell.
            var marks = 0
            while let next = scalars.first, Self.takesNoCell(next) {
                scalars.removeFirst()
                marks += 1
            }
            offset += marks
            var index: Int?
            if marks > 0 {
                index = composedIndex(base, marks: text.unicodeScalars[text.unicodeScalars.index(scalars.startIndex, offsetBy: -marks)..<scalars.startIndex])
            }
            let glyph = (index ?? glyphIndex(for: base)).map(glyph(at:)) ?? replacementGlyph
            body(glyph, x, start..<offset)
            x += width
        }
        return x
    }

    /// Whether `scalar` is drawn as nothing and takes no cell: a mark or a format character.
    static func takesNoCell(_ scalar: Unicode.Scalar) -> Bool {
        // Nothing below U+0300 is a mark; the soft hyphen is its one format character.
        guard scalar.value >= 0x300 || scalar.value == 0xAD else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    /// The glyph of the precomposed letter that `base` followed by `marks` is canonically
    /// equal to, if the font has one.
    private func composedIndex(_ base: Unicode.Scalar, marks: Substring.UnicodeScalarView) -> Int? {
        var cluster = String.UnicodeScalarView()
        cluster.append(base)
        cluster.append(contentsOf: marks)
        let string = String(cluster)
        // A control character and its marks are two graphemes, which no Character can hold.
        guard string.count == 1 else { return nil }
        return precomposed[Character(string)]
    }

    /// How many pixels wide `text` draws: its cells times `width`. Bold text is as wide: its
    /// extra column falls in the next cell's (or, for the last glyph, just past the text).
    public func width(of text: String) -> Int {
        layOut(text) { _, _, _ in }
    }

    /// The x offset of each of `text`'s Unicode scalars from the start of the text, and the
    /// text's width as a last element, so the scalar range `a..<b` (a search highlight) spans
    /// pixels `offsets[a]..<offsets[b]`. A mark (which takes no cell) is placed at the end of
    /// the letter it follows, so a range ending at a mark covers the whole letter.
    public func xOffsets(of text: String) -> [Int] {
        var offsets: [Int] = []
        offsets.reserveCapacity(text.unicodeScalars.count + 1)
        let total = layOut(text) { _, x, scalars in
            // Scalars skipped before this cell (marks with no letter before them) sit at its x.
            while offsets.count < scalars.lowerBound { offsets.append(x) }
            offsets.append(x)
            while offsets.count < scalars.upperBound { offsets.append(x + width) }
        }
        while offsets.count <= text.unicodeScalars.count { offsets.append(total) }
        return offsets
    }
}
