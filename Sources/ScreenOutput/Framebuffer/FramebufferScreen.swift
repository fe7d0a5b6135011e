// SPDX-License-Identifier: Apache-2.0

public import ScreenRender

/// A framebuffer as the dialer's screen: canvases drawn on it without flicker (a
/// `FrameUpdater` copies only changed rows into the mapped memory), the colour map set for
/// pseudocolour modes, and the console's picture put back when the screen goes away (a program
/// stopped by a signal leaves by that path too: its loop reads the signals).
public struct FramebufferScreen: ~Copyable {
    public let device: FramebufferDevice
    public let format: PixelFormat
    private var updater: FrameUpdater

    /// Takes over `device`: checks its mode can be drawn and loads the colour map it needs.
    /// `rotation` turns the picture for a panel mounted sideways or upside down; draw canvases
    /// of `logicalSize`.
    public init(device: consuming FramebufferDevice, rotation: Rotation = .upright) throws(FramebufferError) {
        let mode = device.mode
        let format: PixelFormat
        do { format = try mode.pixelFormat() } catch {
            throw FramebufferError(path: device.path, reason: .unsupportedMode(mode, error))
        }
        let packer: FramePacker
        do {
            packer = try FramePacker(format: format, physicalSize: mode.size, rotation: rotation, lineLength: mode.lineLength)
        } catch {
            throw FramebufferError(path: device.path, reason: .sizeMismatch(error.description))
        }
        try device.prepareColorMap()
        self.updater = FrameUpdater(packer: packer, invertsBits: mode.invertsMonochrome)
        self.format = format
        self.device = device
    }

    deinit {
        device.restore()
    }

    /// The canvas size to draw: the panel turned back by the rotation.
    public var logicalSize: ScreenSize { updater.logicalSize }

    /// Shows `canvas`, writing only the rows that changed since the last frame; returns them.
    @discardableResult
    public mutating func show(_ canvas: Canvas) throws(FramebufferError) -> [Int] {
        do {
            return try updater.draw(canvas, into: device.visibleMemory)
        } catch {
            throw FramebufferError(path: device.path, reason: .sizeMismatch(error.description))
        }
    }

    /// Puts back what the screen showed before t9dial; the next `show` redraws every row.
    /// Blanks the panel or shows it again (`FramebufferDevice.setBlank`). (ioctl FBIOBLANK)
    public func setBlank(_ blank: Bool) throws(FramebufferError) {
        try device.setBlank(blank)
    }

    public mutating func restore() {
        device.restore()
        updater.invalidate()
    }

    /// Makes the next `show` write every row, after something else drew on the screen.
    public mutating func invalidate() {
        updater.invalidate()
    }
}
