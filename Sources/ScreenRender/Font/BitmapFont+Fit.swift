// SPDX-License-Identifier: Apache-2.0

extension BitmapFont {
    /// The ellipsis this font draws at a cut: "…" when it has U+2026, else "...".
    public var ellipsis: String {
        contains("\u{2026}") ? "\u{2026}" : "..."
    }

    /// `text` as it fits in `width` pixels: whole if it fits (`cut` false), else cut after the
    /// last letter (with its marks) that leaves room for `ellipsis`, with spaces before the cut
    /// dropped, and the ellipsis added (`cut` true). When not even the ellipsis fits the
    /// result is empty.
    public func fit(_ text: String, width available: Int) -> (text: String, cut: Bool) {
        let ellipsis = self.ellipsis
        var keep = 0
        let room = available - width(of: ellipsis)
        let total = layOut(text) { _, x, scalars in
            if x + width <= room { keep = scalars.upperBound }
        }
        if total <= available { return (text, false) }
        guard room >= 0 else { return ("", true) }
        var kept = Array(text.unicodeScalars.prefix(keep))
        while let last = kept.last, last.properties.isWhitespace { kept.removeLast() }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: kept)
        return (String(result) + ellipsis, true)
    }
}
