// SPDX-License-Identifier: Apache-2.0

/// The colour map of an 8-bit pseudocolour framebuffer: at most 256 colours, which the output
/// loads with FBIOPUTCMAP and the packer maps every drawn colour to, by nearest colour.
public struct Palette: Sendable, Hashable {
    /// Index order: the featured colours, then a 6x6x6 colour cube (components 0, 51, 102,
    /// 153, 204, 255), then a ramp of greys between the cube's, cut at 256 entries.
    public let colors: [Color]

    /// A palette that holds `featured` exactly (the dialer's theme colours, so they show
    /// unchanged), filled up with the cube and the grey ramp that any other colour maps near.
    public init(featuring featured: [Color] = []) {
        var colors: [Color] = []
        var seen = Set<Color>()
        func add(_ color: Color) {
            guard colors.count < 256, seen.insert(color).inserted else { return }
            colors.append(color)
        }
        featured.forEach(add)
        let levels: [UInt8] = [0, 51, 102, 153, 204, 255]
        for red in levels {
            for green in levels {
                for blue in levels { add(Color(red: red, green: green, blue: blue)) }
            }
        }
        for step in 1...40 {
            let grey = UInt8((step * 255 + 20) / 41)
            add(Color(red: grey, green: grey, blue: grey))
        }
        self.colors = colors
    }

    /// The standard palette: the cube and 40 greys, 256 colours.
    public static let standard = Palette()

    /// The index of the colour closest to `color` by squared distance in RGB; the lowest
    /// index wins a tie, so a featured colour beats an equal cube entry.
    public func nearestIndex(to color: Color) -> UInt8 {
        var best = 0
        var bestDistance = Int.max
        colors.withUnsafeBufferPointer { entries in
            for index in entries.indices {
                let entry = entries[index]
                let dr = Int(entry.red) - Int(color.red)
                let dg = Int(entry.green) - Int(color.green)
                let db = Int(entry.blue) - Int(color.blue)
                let distance = dr * dr + dg * dg + db * db
                if distance < bestDistance {
                    bestDistance = distance
                    best = index
                    if distance == 0 { break }
                }
            }
        }
        return UInt8(best)
    }

    /// The colour at `index`; black past the end (an index the palette does not define).
    public subscript(index: UInt8) -> Color {
        Int(index) < colors.count ? colors[Int(index)] : .black
    }

    /// The palette as FBIOPUTCMAP wants it: 16-bit components (an 8-bit value v is v * 257),
    /// one array per channel, `colors.count` long, starting at index 0.
    public var colorMapComponents: (red: [UInt16], green: [UInt16], blue: [UInt16]) {
        (colors.map { UInt16($0.red) * 257 }, colors.map { UInt16($0.green) * 257 }, colors.map { UInt16($0.blue) * 257 })
    }
}

extension PixelFormat {
    /// The colour map t9dial packs 8-bit pseudocolour against; the framebuffer output loads it
    /// with FBIOPUTCMAP before the first frame.
    public static let palette = Palette.standard
}
