// SPDX-License-Identifier: Apache-2.0

import ScreenRender
import Testing

@Suite("Palette")
struct PaletteTests {
    @Test("The standard palette: a 6x6x6 cube, then 40 greys, 256 colours")
    func standard() {
        let palette = PixelFormat.palette
        #expect(palette.colors.count == 256)
        #expect(Set(palette.colors).count == 256)
        #expect(palette.colors[0] == .black && palette.colors[215] == .white)
        #expect(palette.colors[36 * 5 + 6 * 2 + 1] == Color(red: 255, green: 102, blue: 51))
        #expect(palette.colors[216] == grey(6) && palette.colors[255] == grey(249))
    }

    @Test(
        "Nearest colours: exact entries map to themselves, others to the closest",
        arguments: [
            (Color.black, 0), (.white, 215), (Color(0xFF0000), 180),
            // 128 is nearer the ramp's 131 (index 236) than the cube's 102 or 153.
            (grey(128), 236),
            (Color(0x123456), 8),
            (Color(0xFE0102), 180),
        ] as [(Color, UInt8)])
    func nearest(color: Color, index: UInt8) {
        #expect(PixelFormat.palette.nearestIndex(to: color) == index)
    }

    @Test("Featured colours come first and map exactly; the palette stays at 256")
    func featured() {
        let theme = [Color(0x1E90FF), Color(0xFFFFFF), Color(0x1E90FF), Color(0x2B2B2B)]
        let palette = Palette(featuring: theme)
        #expect(palette.colors.count == 256)
        #expect(Array(palette.colors.prefix(3)) == [Color(0x1E90FF), .white, Color(0x2B2B2B)])
        #expect(palette.nearestIndex(to: Color(0x1E90FF)) == 0)
        #expect(palette.nearestIndex(to: Color(0x2B2B2B)) == 2)
    }

    @Test("The colour map for FBIOPUTCMAP has 16-bit components")
    func colorMap() {
        let map = PixelFormat.palette.colorMapComponents
        #expect(map.red.count == 256 && map.green.count == 256 && map.blue.count == 256)
        #expect(map.red[180] == 0xFFFF && map.green[180] == 0 && map.green[6] == 0x3333 && map.blue[5] == 0xFFFF)
    }
}
