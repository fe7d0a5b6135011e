// SPDX-License-Identifier: Apache-2.0

import ScreenRender

/// Packs `canvas` into a fresh buffer of `fill` bytes (so untouched padding shows) and
/// returns its bytes.
func packedBytes(
    _ canvas: Canvas, format: PixelFormat, rotation: Rotation = .upright, lineLength: Int? = nil, fill: UInt8 = 0
) throws -> [UInt8] {
    let packer = try FramePacker(
        format: format, logicalSize: ScreenSize(width: canvas.width, height: canvas.height), rotation: rotation,
        lineLength: lineLength)
    var bytes = [UInt8](repeating: fill, count: packer.frameBytes)
    try bytes.withUnsafeMutableBytes { buffer in try packer.pack(canvas, into: buffer) }
    return bytes
}

/// A canvas from rows of colours, top to bottom.
func canvas(_ rows: [[Color]]) -> Canvas {
    var canvas = Canvas(width: rows.first?.count ?? 0, height: rows.count)
    for (y, row) in rows.enumerated() {
        for (x, color) in row.enumerated() { canvas[x, y] = color }
    }
    return canvas
}

/// A grey whose luminance is `level`.
func grey(_ level: UInt8) -> Color { Color(red: level, green: level, blue: level) }

/// A canvas of every kind of colour: primaries, greys either side of the 1-bit threshold,
/// and a spread of mixed colours from a fixed sequence.
func sampleCanvas(width: Int, height: Int) -> Canvas {
    var canvas = Canvas(width: width, height: height)
    var state: UInt32 = 0x1234_5678
    let fixed: [Color] = [.black, .white, Color(0xFF0000), Color(0x00FF00), Color(0x0000FF), grey(127), grey(128)]
    for y in 0..<height {
        for x in 0..<width {
            let index = y * width + x
            if index < fixed.count {
                canvas[x, y] = fixed[index]
            } else {
                state = state &* 1_664_525 &+ 1_013_904_223
                canvas[x, y] = Color(state >> 8)
            }
        }
    }
    return canvas
}
