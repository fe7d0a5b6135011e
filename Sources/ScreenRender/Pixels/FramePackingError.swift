// SPDX-License-Identifier: Apache-2.0

/// Why a frame cannot be packed or read back: a size or buffer that does not fit the packer,
/// said with the numbers involved so the caller can tell which side is wrong.
public enum FramePackingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The panel has no pixels.
    case emptyScreen(ScreenSize)
    /// `line_length` is shorter than a row of pixels.
    case lineLengthTooShort(lineLength: Int, minimum: Int, format: PixelFormat, width: Int)
    /// The canvas is not the size the packer was made for.
    case canvasSize(ScreenSize, expected: ScreenSize)
    /// The buffer cannot hold every row at the packer's stride.
    case bufferTooSmall(bytes: Int, needed: Int)
    /// A physical row outside the panel was asked for.
    case rowOutOfRange(Int, height: Int)

    public var description: String {
        switch self {
        case .emptyScreen(let size):
            "the screen is \(size) pixels; it needs at least one row and one column"
        case .lineLengthTooShort(let lineLength, let minimum, let format, let width):
            "a line length of \(lineLength) bytes is too short for \(width) pixels at \(format.bitsPerPixel) bits per pixel;"
                + " a row needs at least \(minimum) bytes (check the framebuffer's line_length)"
        case .canvasSize(let size, let expected):
            "the canvas is \(size) but the screen draws \(expected) (the logical size for its rotation); draw on a canvas of the packer's logicalSize"
        case .bufferTooSmall(let bytes, let needed):
            "the frame buffer has \(bytes) bytes but the screen needs \(needed) (line length times height); map the whole framebuffer"
        case .rowOutOfRange(let row, let height):
            "physical row \(row) is outside the screen's rows 0-\(height - 1)"
        }
    }
}
