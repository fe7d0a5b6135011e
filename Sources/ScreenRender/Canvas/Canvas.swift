// SPDX-License-Identifier: Apache-2.0

/// A picture being drawn, in 24-bit colour: what the dialer's screen is painted on, and what
/// every output (a framebuffer of any depth, a PNG) packs its pixels from, so they all show the
/// same picture.
public struct Canvas: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// Row after row, top to bottom, left to right.
    public private(set) var pixels: [Color]

    public init(width: Int, height: Int, background: Color = .black) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.pixels = [Color](repeating: background, count: self.width * self.height)
    }

    /// The pixel at (`x`, `y`); setting one outside the canvas does nothing, so drawing can run
    /// off an edge without checks.
    public subscript(x: Int, y: Int) -> Color {
        get { pixels[y * width + x] }
        set {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            pixels[y * width + x] = newValue
        }
    }

    /// Paints `rect`, clipped to the canvas.
    public mutating func fill(_ rect: Rect, with color: Color) {
        let clipped = rect.intersection(Rect(x: 0, y: 0, width: width, height: height))
        guard !clipped.isEmpty else { return }
        for y in clipped.y..<(clipped.y + clipped.height) {
            let row = y * width
            for x in clipped.x..<(clipped.x + clipped.width) { pixels[row + x] = color }
        }
    }

    /// The rows that differ from `other` (a canvas of the same size), for outputs that copy
    /// only what changed.
    public func changedRows(since other: Canvas) -> [Int] {
        guard other.width == width, other.height == height else { return Array(0..<height) }
        return (0..<height).filter { y in
            let range = (y * width)..<((y + 1) * width)
            return pixels[range] != other.pixels[range]
        }
    }
}

/// A 24-bit colour.
public struct Color: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A colour from 0xRRGGBB.
    public init(_ rgb: UInt32) {
        self.init(red: UInt8(truncatingIfNeeded: rgb >> 16), green: UInt8(truncatingIfNeeded: rgb >> 8), blue: UInt8(truncatingIfNeeded: rgb))
    }

    public static let black = Color(0x000000)
    public static let white = Color(0xFFFFFF)

    /// Perceived brightness 0...255 (ITU-R BT.601 weights), for grey and one-bit screens.
    public var luminance: UInt8 {
        let weighted: Int = 299 * Int(red) + 587 * Int(green) + 114 * Int(blue)
        return UInt8(weighted / 1000)
    }

    public var description: String {
        let hex = [red, green, blue].map { component -> String in
            let digits = String(component, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }
        return "#" + hex.joined()
    }
}

/// A rectangle of pixels.
public struct Rect: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var isEmpty: Bool { width <= 0 || height <= 0 }

    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(x + width, other.x + other.width), bottom = min(y + height, other.y + other.height)
        return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }
}
