// SPDX-License-Identifier: Apache-2.0

/// A width and height in pixels: a canvas (logical) or a panel (physical).
public struct ScreenSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `320x240`.
    public var description: String { "\(width)x\(height)" }
}
