// SPDX-License-Identifier: Apache-2.0

import Glibc
public import ScreenRender
import SystemCalls
import struct SystemPackage.FileDescriptor

/// An open Linux framebuffer (`/dev/fbN`) with its memory mapped: its mode, the visible pixels
/// to write, and a copy of what it showed when opened, to put back at exit.
///
/// It owns the descriptor, the mapping and the saved copy, and releases all three when it goes
/// away (without restoring: a `FramebufferScreen` restores, or call `restore()`), so it cannot
/// be copied.
public struct FramebufferDevice: ~Copyable {
    /// The path it was opened at.
    public let path: String
    /// The mode read at open.
    public let mode: FramebufferMode
    let descriptor: FileDescriptor
    /// The whole mapping, `mode.mappedLength` bytes.
    let mapping: UnsafeMutableRawBufferPointer
    /// The visible area as it was at open, `mode.visibleLength` bytes.
    let saved: UnsafeMutableRawBufferPointer

    /// Opens the device read-write, reads its mode, maps its memory and saves what it shows.
    /// Nothing is kept open when this throws. The mode is not checked here (see
    /// `FramebufferMode.pixelFormat()`), so a device in any mode can be opened and described.
    /// (open, ioctl FBIOGET_VSCREENINFO and FBIOGET_FSCREENINFO, mmap)
    public init(path: String = "/dev/fb0") throws(FramebufferError) {
        let descriptor: FileDescriptor
        switch SystemCall.open(path, O_RDWR | O_CLOEXEC) {
        case .success(let opened): descriptor = FileDescriptor(rawValue: opened)
        case .failure(let error): throw FramebufferError(path: path, .open, error)
        }
        let mode: FramebufferMode
        switch Self.readMode(descriptor) {
        case .success(let read): mode = read
        case .failure(let error):
            SystemCall.close(descriptor)
            throw FramebufferError(path: path, .readMode, error)
        }
        guard mode.visibleLength > 0 else {
            SystemCall.close(descriptor)
            throw FramebufferError(path: path, reason: .sizeMismatch("the device reports an empty screen (\(mode))"))
        }
        let address: UnsafeMutableRawPointer
        switch Syscalls.mapShared(descriptor, mode.mappedLength) {
        case .success(let mapped): address = mapped
        case .failure(let error):
            SystemCall.close(descriptor)
            throw FramebufferError(path: path, .map, error)
        }
        let mapping = UnsafeMutableRawBufferPointer(start: address, count: mode.mappedLength)
        let saved = UnsafeMutableRawBufferPointer.allocate(byteCount: mode.visibleLength, alignment: 16)
        saved.copyMemory(from: UnsafeRawBufferPointer(rebasing: mapping[mode.visibleOffset..<(mode.visibleOffset + mode.visibleLength)]))
        self.path = path
        self.mode = mode
        self.descriptor = descriptor
        self.mapping = mapping
        self.saved = saved
    }

    deinit {
        Syscalls.unmap(mapping.baseAddress!, mapping.count)
        SystemCall.close(descriptor)
        saved.deallocate()
    }

    /// The visible pixels in the device's memory: `line_length * yres` bytes from the panned
    /// origin. Writes show on the screen.
    public var visibleMemory: UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(rebasing: mapping[mode.visibleOffset..<(mode.visibleOffset + mode.visibleLength)])
    }

    /// What the screen showed when the device was opened.
    public var savedContents: UnsafeRawBufferPointer { UnsafeRawBufferPointer(saved) }

    /// Puts back what the screen showed when the device was opened (the console's text).
    public func restore() {
        visibleMemory.copyMemory(from: UnsafeRawBufferPointer(saved))
    }

    /// Loads colour-map entries from `start`, 16 bits a channel (an 8-bit value v is v * 257),
    /// for pseudocolour modes. (ioctl FBIOPUTCMAP)
    public func setColorMap(red: [UInt16], green: [UInt16], blue: [UInt16], start: Int = 0) throws(FramebufferError) {
        guard red.count == green.count, green.count == blue.count, start >= 0, start + red.count <= 256 else {
            throw FramebufferError(
                path: path,
                reason: .sizeMismatch(
                    "a colour map needs red, green and blue of the same length, within entries 0-255 "
                        + "(got \(red.count), \(green.count), \(blue.count) from \(start))"))
        }
        if case .failure(let error) = Syscalls.putColorMap(descriptor, start: UInt32(start), red: red, green: green, blue: blue) {
            throw FramebufferError(path: path, .setColorMap, error)
        }
    }

    /// Loads `palette` from entry 0. (ioctl FBIOPUTCMAP)
    public func setPalette(_ palette: Palette) throws(FramebufferError) {
        let components = palette.colorMapComponents
        try setColorMap(red: components.red, green: components.green, blue: components.blue)
    }

    /// Loads a ramp of 256 greys (entry i is grey i), for 8-bit grey modes shown through a
    /// colour map. (ioctl FBIOPUTCMAP)
    public func setGreyRamp() throws(FramebufferError) {
        let ramp = (0..<256).map { UInt16($0) * 257 }
        try setColorMap(red: ramp, green: ramp, blue: ramp)
    }

    /// Loads the colour map the mode needs before drawing, if any: t9dial's palette for 8-bit
    /// pseudocolour, a grey ramp for 8-bit grey through a colour map. (ioctl FBIOPUTCMAP)
    public func prepareColorMap() throws(FramebufferError) {
        guard mode.needsColorMap else { return }
        if mode.grayscale { try setGreyRamp() } else { try setPalette(PixelFormat.palette) }
    }

    /// Shows the part of the virtual screen starting at (`x`, `y`), for drivers that pan.
    /// The mapping and `visibleMemory` keep the offsets read at open. (ioctl FBIOPAN_DISPLAY)
    public func pan(x: Int, y: Int) throws(FramebufferError) {
        if case .failure(let error) = Syscalls.panFramebuffer(descriptor, x: x, y: y) {
            throw FramebufferError(path: path, .pan, error)
        }
    }

    /// Blanks the panel (`blank`), powering it down where its driver can, or shows it again;
    /// what it shows stays in its memory. A driver without blanking says EINVAL.
    /// (ioctl FBIOBLANK: FB_BLANK_POWERDOWN, FB_BLANK_UNBLANK)
    public func setBlank(_ blank: Bool) throws(FramebufferError) {
        if case .failure(let error) = Syscalls.blankFramebuffer(descriptor, blank) {
            throw FramebufferError(path: path, .blank, error)
        }
    }

    /// Both screen infos of an open device, as a mode. (ioctl FBIOGET_VSCREENINFO,
    /// FBIOGET_FSCREENINFO)
    static func readMode(_ descriptor: FileDescriptor) -> Result<FramebufferMode, Errno> {
        Syscalls.framebufferVariableInfo(descriptor).flatMap { variable in
            Syscalls.framebufferFixedInfo(descriptor).map { fixed in FramebufferMode(variable: variable, fixed: fixed) }
        }
    }
}

extension FramebufferDevice {
    /// The mode of the device at `path`, without mapping it. (open, ioctl FBIOGET_VSCREENINFO,
    /// FBIOGET_FSCREENINFO, close)
    public static func mode(of path: String = "/dev/fb0") throws(FramebufferError) -> FramebufferMode {
        let descriptor: FileDescriptor
        switch SystemCall.open(path, O_RDONLY | O_CLOEXEC) {
        case .success(let opened): descriptor = FileDescriptor(rawValue: opened)
        case .failure(let error): throw FramebufferError(path: path, .open, error)
        }
        defer { SystemCall.close(descriptor) }
        switch readMode(descriptor) {
        case .success(let mode): return mode
        case .failure(let error): throw FramebufferError(path: path, .readMode, error)
        }
    }

    /// Switches the device at `path` to `bitsPerPixel` (vfb takes 8, 16, 24 and 32) and returns
    /// the mode the driver chose, which may differ; open the device afterwards to draw in it.
    /// A device cannot change depth while one of t9dial's mappings of it is open, since its
    /// line length changes. (open, ioctl FBIOGET_VSCREENINFO, FBIOPUT_VSCREENINFO,
    /// FBIOGET_FSCREENINFO, close)
    @discardableResult
    public static func setBitsPerPixel(_ bitsPerPixel: Int, path: String = "/dev/fb0") throws(FramebufferError) -> FramebufferMode {
        let descriptor: FileDescriptor
        switch SystemCall.open(path, O_RDWR | O_CLOEXEC) {
        case .success(let opened): descriptor = FileDescriptor(rawValue: opened)
        case .failure(let error): throw FramebufferError(path: path, .open, error)
        }
        defer { SystemCall.close(descriptor) }
        if case .failure(let error) = Syscalls.setFramebufferDepth(descriptor, bitsPerPixel) {
            throw FramebufferError(path: path, .setMode, error)
        }
        switch readMode(descriptor) {
        case .success(let mode): return mode
        case .failure(let error): throw FramebufferError(path: path, .readMode, error)
        }
    }
}
