// SPDX-License-Identifier: Apache-2.0

import ScreenRender
import Testing

@Suite("Rotation")
struct RotationTests {
    /// A 3x2 canvas of greys 10...60, each a distinct byte at 8-bit grey:
    ///
    ///     10 20 30
    ///     40 50 60
    static let logical = canvas([[grey(10), grey(20), grey(30)], [grey(40), grey(50), grey(60)]])

    @Test(
        "A 3x2 canvas lands on the panel turned clockwise",
        arguments: [
            (
                Rotation.upright,
                [
                    10, 20, 30,
                    40, 50, 60,
                ] as [UInt8]
            ),
            // The top-left pixel (10) is at the top right; the bottom row runs down the left.
            (
                .clockwise90,
                [
                    40, 10,
                    50, 20,
                    60, 30,
                ]
            ),
            (
                .halfTurn,
                [
                    60, 50, 40,
                    30, 20, 10,
                ]
            ),
            // The top-left pixel (10) is at the bottom left.
            (
                .clockwise270,
                [
                    30, 60,
                    20, 50,
                    10, 40,
                ]
            ),
        ])
    func layouts(rotation: Rotation, expected: [UInt8]) throws {
        #expect(try packedBytes(Self.logical, format: .gray8, rotation: rotation) == expected)
    }

    @Test(
        "Rotated 3x2 canvases in RGB565 and on a 1-bit panel",
        arguments: [
            // Red at logical (0, 0) only: where it lands in a panel of 3x2 or 2x3 RGB565 pixels.
            (Rotation.upright, PixelFormat.rgb565, [0x00, 0xF8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] as [UInt8]),
            (.clockwise90, .rgb565, [0, 0, 0x00, 0xF8, 0, 0, 0, 0, 0, 0, 0, 0]),
            (.halfTurn, .rgb565, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x00, 0xF8]),
            (.clockwise270, .rgb565, [0, 0, 0, 0, 0, 0, 0, 0, 0x00, 0xF8, 0, 0]),
            // White at logical (0, 0) and (1, 1), one byte per 1-bit row.
            (.upright, .mono1, [0b001, 0b010]),
            (.clockwise90, .mono1, [0b10, 0b01, 0b00]),
            (.halfTurn, .mono1, [0b010, 0b100]),
            (.clockwise270, .mono1, [0b00, 0b10, 0b01]),
        ])
    func otherFormats(rotation: Rotation, format: PixelFormat, expected: [UInt8]) throws {
        var picture = Canvas(width: 3, height: 2)
        if format == .mono1 {
            picture[0, 0] = .white
            picture[1, 1] = .white
        } else {
            picture[0, 0] = Color(0xFF0000)
        }
        #expect(try packedBytes(picture, format: format, rotation: rotation) == expected)
    }

    @Test(
        "Points and sizes follow the rotation table, and the logical point undoes the physical one",
        arguments: [
            (Rotation.upright, (0, 0), (0, 0), (2, 1), (2, 1), (3, 2)),
            (.clockwise90, (0, 0), (1, 0), (2, 1), (0, 2), (2, 3)),
            (.halfTurn, (0, 0), (2, 1), (2, 1), (0, 0), (3, 2)),
            (.clockwise270, (0, 0), (0, 2), (2, 1), (1, 0), (2, 3)),
        ])
    func points(
        rotation: Rotation, topLeft: (Int, Int), topLeftOnPanel: (Int, Int), bottomRight: (Int, Int), bottomRightOnPanel: (Int, Int),
        panel: (Int, Int)
    ) {
        let logical = ScreenSize(width: 3, height: 2)
        #expect(rotation.physicalSize(ofLogical: logical) == ScreenSize(width: panel.0, height: panel.1))
        #expect(rotation.logicalSize(ofPhysical: ScreenSize(width: panel.0, height: panel.1)) == logical)
        let first = rotation.physicalPoint(x: topLeft.0, y: topLeft.1, logical: logical)
        #expect(first == topLeftOnPanel)
        let second = rotation.physicalPoint(x: bottomRight.0, y: bottomRight.1, logical: logical)
        #expect(second == bottomRightOnPanel)
        for y in 0..<2 {
            for x in 0..<3 {
                let onPanel = rotation.physicalPoint(x: x, y: y, logical: logical)
                #expect(rotation.logicalPoint(x: onPanel.x, y: onPanel.y, logical: logical) == (x, y))
            }
        }
    }

    @Test("Config degrees: quarter turns are taken, anything else is refused", arguments: [0, 90, 180, 270, 45, -90, 360])
    func degrees(value: Int) throws {
        if [0, 90, 180, 270].contains(value) {
            #expect(try Rotation(degrees: value).degrees == value)
        } else {
            #expect(throws: UnsupportedRotation(degrees: value)) { try Rotation(degrees: value) }
            #expect(
                UnsupportedRotation(degrees: value).description
                    == "a rotation of \(value) degrees is not supported; use 0, 90, 180 or 270 (degrees clockwise)")
        }
    }
}
