// SPDX-License-Identifier: Apache-2.0

/// The pixel formats `PNGFile` writes, each exact for a canvas quantised to it.
public enum PNGFormat: Sendable, Hashable, CaseIterable {
    /// 8-bit RGB (colour type 2): every canvas, exactly.
    case rgb
    /// 8-bit grey (colour type 0): each pixel's luminance, so a canvas of greys (red = green =
    /// blue) comes back exactly.
    case gray8
    /// 1-bit grey (colour type 0, depth 1): a pixel is white when its luminance is 128 or more,
    /// else black, so a black-and-white canvas (a 128x64 OLED's) comes back exactly, in a file
    /// of about a kilobyte.
    case mono1

    /// The IHDR colour type.
    var colorType: UInt8 { self == .rgb ? 2 : 0 }
    /// The IHDR bit depth.
    var bitDepth: UInt8 { self == .mono1 ? 1 : 8 }
    /// Bytes in one row of pixels, without the filter byte.
    func rowBytes(width: Int) -> Int {
        switch self {
        case .rgb: width * 3
        case .gray8: width
        case .mono1: (width + 7) / 8
        }
    }
}
