// SPDX-License-Identifier: Apache-2.0

/// Packs the logical canvas the layout draws into a framebuffer's memory: turned by a
/// `Rotation`, in the device's `PixelFormat`, one physical row every `lineLength` bytes.
///
/// Colours: true colour keeps each component's top bits (little-endian pixel bytes, as
/// framebuffers are native-endian and t9dial's boards are little-endian); grey is
/// `Color.luminance`; pseudocolour is the nearest `palette` entry; monochrome is lit when
/// `Color.luminance` is 128 or more (the upper half of the grey scale). Bytes past a row's
/// pixels (`lineLength` padding) are never written.
public struct FramePacker: Sendable {
    public let format: PixelFormat
    public let rotation: Rotation
    /// The panel's size: the framebuffer's `xres` x `yres`.
    public let physicalSize: ScreenSize
    /// The canvas size the layout must draw: `physicalSize` turned back by `rotation`.
    public let logicalSize: ScreenSize
    /// Bytes from one physical row to the next: `line_length`.
    public let lineLength: Int
    /// The colour map pseudocolour packs against.
    public let palette: Palette
    /// Bytes a row's pixels take: `ceil(width * bitsPerPixel / 8)`.
    public let rowBytes: Int

    let stepping: RotationStepping
    let packing: Packing

    /// The loop a format needs, chosen once so that no loop asks about the format per pixel.
    enum Packing: Sendable {
        case trueColor16(TrueColorEncoding)
        case trueColor24(TrueColorEncoding)
        case trueColor32(TrueColorEncoding)
        case gray8
        case indexed8
        case mono1
    }

    /// A packer for a panel of `physicalSize` (the framebuffer's `xres` x `yres`); `lineLength`
    /// is the device's `line_length`, or nil for rows packed without padding.
    public init(
        format: PixelFormat, physicalSize: ScreenSize, rotation: Rotation = .upright,
        lineLength: Int? = nil, palette: Palette = PixelFormat.palette
    ) throws(FramePackingError) {
        guard physicalSize.width > 0, physicalSize.height > 0 else { throw .emptyScreen(physicalSize) }
        let rowBytes = (physicalSize.width * format.bitsPerPixel + 7) / 8
        let lineLength = lineLength ?? rowBytes
        guard lineLength >= rowBytes else {
            throw .lineLengthTooShort(lineLength: lineLength, minimum: rowBytes, format: format, width: physicalSize.width)
        }
        self.format = format
        self.rotation = rotation
        self.physicalSize = physicalSize
        self.logicalSize = rotation.logicalSize(ofPhysical: physicalSize)
        self.lineLength = lineLength
        self.palette = palette
        self.rowBytes = rowBytes
        self.stepping = RotationStepping(rotation, logical: logicalSize)
        switch (format.kind, format.bitsPerPixel) {
        case (.trueColor, 16): packing = .trueColor16(TrueColorEncoding(format))
        case (.trueColor, 24): packing = .trueColor24(TrueColorEncoding(format))
        case (.trueColor, _): packing = .trueColor32(TrueColorEncoding(format))
        case (.grayscale, _): packing = .gray8
        case (.pseudocolor, _): packing = .indexed8
        case (.monochrome, _): packing = .mono1
        }
    }

    /// A packer for a canvas of `logicalSize` shown turned by `rotation`: for PNG snapshots
    /// and tests, where the picture's size is the starting point.
    public init(
        format: PixelFormat, logicalSize: ScreenSize, rotation: Rotation = .upright,
        lineLength: Int? = nil, palette: Palette = PixelFormat.palette
    ) throws(FramePackingError) {
        try self.init(
            format: format, physicalSize: rotation.physicalSize(ofLogical: logicalSize), rotation: rotation,
            lineLength: lineLength, palette: palette)
    }

    /// The bytes a frame takes: `lineLength` for every physical row.
    public var frameBytes: Int { lineLength * physicalSize.height }

    /// Packs every physical row of `canvas` into `buffer` (at least `frameBytes` long).
    public func pack(_ canvas: Canvas, into buffer: UnsafeMutableRawBufferPointer) throws(FramePackingError) {
        try pack(canvas, rows: 0..<physicalSize.height, into: buffer)
    }

    /// Packs only the physical rows `rows` of `canvas` into `buffer`, leaving the others as
    /// they are: for copying only the rows that changed (`changedPhysicalRows(from:to:)`).
    /// Rows before a row out of range are written; that row and those after it are not.
    public func pack(_ canvas: Canvas, rows: some Sequence<Int>, into buffer: UnsafeMutableRawBufferPointer) throws(FramePackingError) {
        try check(canvas: canvas, bufferBytes: buffer.count)
        guard let base = buffer.baseAddress else { return }
        let badRow: Int? = canvas.pixels.withUnsafeBufferPointer { source in
            let (stepping, count, lineLength, height) = (self.stepping, physicalSize.width, self.lineLength, physicalSize.height)
            /// Runs `body` with each row's first logical pixel and its memory; the first row
            /// out of range stops it.
            func eachRow(_ body: (_ start: Int, _ row: UnsafeMutableRawPointer) -> Void) -> Int? {
                for row in rows {
                    guard row >= 0, row < height else { return row }
                    body(stepping.start(ofRow: row), base + row * lineLength)
                }
                return nil
            }
            let step = stepping.columnStep
            switch packing {
            case .trueColor16(let encoding):
                return eachRow { start, row in Self.packRow16(source, start: start, step: step, count: count, encoding: encoding, into: row) }
            case .trueColor24(let encoding):
                return eachRow { start, row in Self.packRow24(source, start: start, step: step, count: count, encoding: encoding, into: row) }
            case .trueColor32(let encoding):
                return eachRow { start, row in Self.packRow32(source, start: start, step: step, count: count, encoding: encoding, into: row) }
            case .gray8:
                return eachRow { start, row in Self.packRowGray8(source, start: start, step: step, count: count, into: row) }
            case .indexed8:
                var lookup = PaletteLookup(palette)
                return eachRow { start, row in Self.packRowIndexed8(source, start: start, step: step, count: count, lookup: &lookup, into: row) }
            case .mono1:
                return eachRow { start, row in Self.packRowMono1(source, start: start, step: step, count: count, into: row) }
            }
        }
        if let badRow { throw .rowOutOfRange(badRow, height: physicalSize.height) }
    }

    /// The canvas is the logical size and the buffer holds a whole frame.
    func check(canvas: Canvas, bufferBytes: Int) throws(FramePackingError) {
        let size = ScreenSize(width: canvas.width, height: canvas.height)
        guard size == logicalSize else { throw .canvasSize(size, expected: logicalSize) }
        guard bufferBytes >= frameBytes else { throw .bufferTooSmall(bytes: bufferBytes, needed: frameBytes) }
    }
}
