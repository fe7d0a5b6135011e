// SPDX-License-Identifier: Apache-2.0

/// A pixel layout t9dial cannot draw in, with what is wrong and what to do instead. The
/// framebuffer output adds the device path when it reports it.
public struct UnsupportedPixelFormat: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bits per pixel the device reported.
    public var bitsPerPixel: Int
    public var red: ColorField
    public var green: ColorField
    public var blue: ColorField
    /// The whole sentence: the layout, why it is refused, and how to get one that works.
    public var message: String

    public init(bitsPerPixel: Int, red: ColorField, green: ColorField, blue: ColorField, message: String) {
        self.bitsPerPixel = bitsPerPixel
        self.red = red
        self.green = green
        self.blue = blue
        self.message = message
    }

    public var description: String { message }
}
