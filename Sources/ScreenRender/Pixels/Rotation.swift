// SPDX-License-Identifier: Apache-2.0

/// How the picture the layout draws (the logical canvas) is turned onto the panel (the
/// physical framebuffer), clockwise, for panels mounted sideways or upside down.
///
/// With `.clockwise90` the logical top-left pixel appears at the physical top-right, and a
/// 320x240 canvas fills a 240x320 panel. Logical (x, y) of a W x H canvas goes to physical:
///
/// | Rotation | physical (x, y)      | physical size |
/// | -------- | -------------------- | ------------- |
/// | 0        | (x, y)               | W x H         |
/// | 90       | (H - 1 - y, x)       | H x W         |
/// | 180      | (W - 1 - x, H - 1 - y) | W x H       |
/// | 270      | (y, W - 1 - x)       | H x W         |
public enum Rotation: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case upright = 0
    case clockwise90 = 90
    case halfTurn = 180
    case clockwise270 = 270

    /// The rotation for a config value in degrees clockwise: 0, 90, 180 or 270.
    public init(degrees: Int) throws(UnsupportedRotation) {
        guard let rotation = Rotation(rawValue: degrees) else { throw UnsupportedRotation(degrees: degrees) }
        self = rotation
    }

    public var degrees: Int { rawValue }

    /// Whether width and height trade places.
    public var swapsSides: Bool { self == .clockwise90 || self == .clockwise270 }

    /// The panel size a logical canvas of `size` fills.
    public func physicalSize(ofLogical size: ScreenSize) -> ScreenSize {
        swapsSides ? ScreenSize(width: size.height, height: size.width) : size
    }

    /// The canvas size the layout draws for a panel of `size`.
    public func logicalSize(ofPhysical size: ScreenSize) -> ScreenSize {
        swapsSides ? ScreenSize(width: size.height, height: size.width) : size
    }

    /// Where logical pixel (`x`, `y`) of a canvas of `logical` size lands on the panel.
    public func physicalPoint(x: Int, y: Int, logical: ScreenSize) -> (x: Int, y: Int) {
        switch self {
        case .upright: (x, y)
        case .clockwise90: (logical.height - 1 - y, x)
        case .halfTurn: (logical.width - 1 - x, logical.height - 1 - y)
        case .clockwise270: (y, logical.width - 1 - x)
        }
    }

    /// Which logical pixel shows at physical (`x`, `y`), for a canvas of `logical` size.
    public func logicalPoint(x: Int, y: Int, logical: ScreenSize) -> (x: Int, y: Int) {
        switch self {
        case .upright: (x, y)
        case .clockwise90: (y, logical.height - 1 - x)
        case .halfTurn: (logical.width - 1 - x, logical.height - 1 - y)
        case .clockwise270: (logical.width - 1 - y, x)
        }
    }

    /// `90°`.
    public var description: String { "\(rawValue)°" }
}
