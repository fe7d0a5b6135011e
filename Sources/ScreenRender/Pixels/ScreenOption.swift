// SPDX-License-Identifier: Apache-2.0

/// A screen named on the command line as `WIDTHxHEIGHTxDEPTH` (`128x64x1`, `320x240x16`,
/// `640x480x32`): its size and the preset pixel format for its depth, for PNG snapshots and
/// tests without a framebuffer.
public struct ScreenOption: Sendable, Hashable {
    /// The largest width or height accepted, far above any panel t9dial drives.
    public static let maximumSide = 8192

    public var size: ScreenSize
    /// `PixelFormat.preset(forDepth:)`: 1 mono1, 8 indexed8, 16 rgb565, 24 rgb888, 32 xrgb8888.
    public var format: PixelFormat

    public init(size: ScreenSize, format: PixelFormat) {
        self.size = size
        self.format = format
    }

    /// Reads `WIDTHxHEIGHTxDEPTH`; `x` may be upper case, and nothing else may be in the text.
    public init(parsing text: String) throws(ScreenOptionError) {
        let form = "expected WIDTHxHEIGHTxDEPTH, e.g. 128x64x1, 320x240x16 or 640x480x32"
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "x" || $0 == "X" })
        guard parts.count == 3 else { throw ScreenOptionError(text: text, message: form) }
        var numbers: [Int] = []
        for (part, name) in zip(parts, ["width", "height", "depth"]) {
            guard !part.isEmpty, part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                throw ScreenOptionError(text: text, message: "the \(name) \"\(part)\" is not a whole number; \(form)")
            }
            // Digits too many for an Int are out of range like any other large number.
            numbers.append(Int(part) ?? Int.max)
        }
        let (width, height, depth) = (numbers[0], numbers[1], numbers[2])
        for (index, name) in ["width", "height"].enumerated() where numbers[index] < 1 || numbers[index] > Self.maximumSide {
            throw ScreenOptionError(text: text, message: "the \(name) \(parts[index]) is out of range; give 1 to \(Self.maximumSide) pixels")
        }
        guard let format = PixelFormat.preset(forDepth: depth) else {
            throw ScreenOptionError(text: text, message: "a depth of \(parts[2]) bits per pixel is not supported; t9dial draws at 1, 8, 16, 24 and 32")
        }
        self.init(size: ScreenSize(width: width, height: height), format: format)
    }
}
