// SPDX-License-Identifier: Apache-2.0

/// One glyph's bitmap: `height` rows of `width` pixels, each row packed most significant bit
/// first (the leftmost pixel) in `(width + 7) / 8` bytes, as PSF stores it.
///
/// A glyph shares its font's bitmap storage rather than copying it, so looking glyphs up while
/// drawing allocates nothing.
public struct Glyph: Sendable {
    public let width: Int
    public let height: Int
    let bytesPerRow: Int
    let storage: [UInt8]
    let start: Int

    init(width: Int, height: Int, storage: [UInt8], start: Int) {
        self.width = width
        self.height = height
        self.bytesPerRow = (width + 7) / 8
        self.storage = storage
        self.start = start
    }

    /// Whether the pixel at (`x`, `y`) is ink; false outside the glyph.
    public func isSet(_ x: Int, _ y: Int) -> Bool {
        guard x >= 0, y >= 0, x < width, y < height else { return false }
        let byte = storage[start + y * bytesPerRow + x / 8]
        return byte & (0x80 >> UInt8(x % 8)) != 0
    }

    /// Whether any pixel is ink: a blank glyph draws nothing, so it cannot stand in for a
    /// missing one.
    public var isVisible: Bool {
        storage[start..<(start + height * bytesPerRow)].contains { $0 != 0 }
    }

    /// The glyph as text, one line a row, `#` for ink and `.` for none: for tests and for
    /// reading a font by eye.
    public var picture: String {
        (0..<height).map { y in String((0..<width).map { isSet($0, y) ? "#" : "." }) }.joined(separator: "\n")
    }
}

extension Glyph: Hashable {
    public static func == (lhs: Glyph, rhs: Glyph) -> Bool {
        let count = lhs.height * lhs.bytesPerRow
        return lhs.width == rhs.width && lhs.height == rhs.height
            && lhs.storage[lhs.start..<(lhs.start + count)].elementsEqual(rhs.storage[rhs.start..<(rhs.start + count)])
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        for byte in storage[start..<(start + height * bytesPerRow)] { hasher.combine(byte) }
    }
}

extension Glyph {
    /// A hollow box a pixel in from the cell's edges: the replacement glyph of a font that has
    /// neither U+FFFD nor `?`, so a missing character always shows.
    static func box(width: Int, height: Int) -> Glyph {
        let bytesPerRow = (width + 7) / 8
        var bytes = [UInt8](repeating: 0, count: bytesPerRow * height)
        func set(_ x: Int, _ y: Int) { bytes[y * bytesPerRow + x / 8] |= 0x80 >> UInt8(x % 8) }
        // Inset by one pixel when the cell is large enough to keep the box apart from its
        // neighbours; a tiny cell is filled edge to edge instead.
        let inset = width >= 4 && height >= 4 ? 1 : 0
        let left = inset, right = width - 1 - inset, top = inset, bottom = height - 1 - inset
        if left <= right && top <= bottom {
            for x in left...right { set(x, top); set(x, bottom) }
            for y in top...bottom { set(left, y); set(right, y) }
        }
        return Glyph(width: width, height: height, storage: bytes, start: 0)
    }
}
