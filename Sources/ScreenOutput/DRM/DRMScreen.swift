// SPDX-License-Identifier: Apache-2.0

import CDRM
import Glibc
public import ScreenRender
import SystemCalls
import struct SystemPackage.FileDescriptor

/// A DRM/KMS card as the dialer's screen, for boards without /dev/fb: the first connected
/// connector in the mode it prefers, drawn through two dumb buffers in XRGB8888.
///
/// Each frame is packed into the buffer not on screen, then shown with drmModeSetCrtc. SetCrtc
/// rather than drmModePageFlip: a page flip's completion is an event to read on the card's
/// descriptor before the next flip may be asked for (EBUSY otherwise), which would give the
/// dialer's loop one more source for nothing at a keypad's rate of frames; SetCrtc returns
/// once the new buffer is scanned out (the kernel waits for the vertical blank), so the buffer
/// just hidden is free to draw on at once and no half-drawn frame is ever seen.
///
/// It owns the descriptor, the buffers and the CRTC's state as it was at open, which it puts
/// back when it goes away (the console, or whatever showed before): it cannot be copied.
public struct DRMScreen: ~Copyable {
    /// The card's path, as it was opened.
    public let path: String
    /// The connector, mode and CRTC drawn on.
    public let choice: DRMModeChoice
    public let format: PixelFormat = .xrgb8888
    private let descriptor: FileDescriptor
    private let mode: drmModeModeInfo
    private let saved: drmModeCrtc?
    private let buffers: [DRMBuffer]
    /// One updater a buffer: each knows what its own buffer holds, two frames back.
    private var updaters: [FrameUpdater]
    /// The buffer on screen; the next frame is drawn into the other.
    private var front = 0
    /// Whether the CRTC is off for the screen's sleep.
    private var blanked = false

    /// Opens the card read-write, becomes its master, chooses a connector, mode and CRTC
    /// (`DRMModeChoice.choose`), and makes two buffers of the mode's size. Nothing is shown
    /// until the first `show`; nothing is kept open when this throws.
    public init(path: String = "/dev/dri/card0", rotation: Rotation = .upright) throws(DRMError) {
        let descriptor: FileDescriptor
        switch SystemCall.open(path, O_RDWR | O_CLOEXEC) {
        case .success(let opened): descriptor = FileDescriptor(rawValue: opened)
        case .failure(let error): throw DRMError(path: path, .open, error)
        }
        var buffers: [DRMBuffer] = []
        do throws(DRMError) {
            let choice = try Self.probe(descriptor, path: path)
            guard DRMCalls.hasDumbBuffers(descriptor) else { throw DRMError(path: path, reason: .noDumbBuffers) }
            if case .failure(let error) = DRMCalls.becomeMaster(descriptor) { throw DRMError(path: path, .becomeMaster, error) }
            let mode: drmModeModeInfo
            switch DRMCalls.modeInfo(descriptor, connector: choice.connector.id, index: choice.modeIndex) {
            case .success(let found): mode = found
            case .failure(let error): throw DRMError(path: path, .readResources, error)
            }
            for _ in 0..<2 {
                switch DRMCalls.createBuffer(descriptor, width: choice.mode.width, height: choice.mode.height) {
                case .success(let buffer): buffers.append(buffer)
                case .failure(let operation): throw DRMError(path: path, operation, .current)
                }
            }
            let packer: FramePacker
            do {
                packer = try FramePacker(format: .xrgb8888, physicalSize: choice.mode.size, rotation: rotation, lineLength: buffers[0].pitch)
            } catch {
                throw DRMError(path: path, reason: .frame(error.description))
            }
            self.updaters = [FrameUpdater(packer: packer), FrameUpdater(packer: packer)]
            self.saved = DRMCalls.crtc(descriptor, choice.crtc)
            self.mode = mode
            self.choice = choice
        } catch {
            for buffer in buffers { DRMCalls.destroyBuffer(descriptor, buffer) }
            SystemCall.close(descriptor)
            throw error
        }
        self.path = path
        self.descriptor = descriptor
        self.buffers = buffers
    }

    deinit {
        restoreCRTC()
        for buffer in buffers { DRMCalls.destroyBuffer(descriptor, buffer) }
        SystemCall.close(descriptor)
    }

    /// The connector and mode a card would be drawn on, without taking it. (open,
    /// drmModeGetResources, drmModeGetConnector, drmModeGetEncoder, close)
    public static func choice(of path: String) throws(DRMError) -> DRMModeChoice {
        let descriptor: FileDescriptor
        switch SystemCall.open(path, O_RDONLY | O_CLOEXEC) {
        case .success(let opened): descriptor = FileDescriptor(rawValue: opened)
        case .failure(let error): throw DRMError(path: path, .open, error)
        }
        defer { SystemCall.close(descriptor) }
        return try probe(descriptor, path: path)
    }

    private static func probe(_ descriptor: FileDescriptor, path: String) throws(DRMError) -> DRMModeChoice {
        switch DRMCalls.resources(descriptor) {
        case .failure(let error): throw DRMError(path: path, .readResources, error)
        case .success(let found):
            switch DRMModeChoice.choose(connectors: found.connectors, crtcs: found.crtcs) {
            case .success(let choice): return choice
            case .failure(let reason): throw DRMError(path: path, reason: reason)
            }
        }
    }

    /// The canvas size to draw: the mode turned back by the rotation.
    public var logicalSize: ScreenSize { updaters[0].logicalSize }

    /// Draws `canvas` into the hidden buffer (only the rows that changed since that buffer was
    /// last drawn) and shows it. (drmModeSetCrtc)
    public mutating func show(_ canvas: Canvas) throws(DRMError) {
        let back = 1 - front
        do {
            try updaters[back].draw(canvas, into: buffers[back].memory)
        } catch {
            throw DRMError(path: path, reason: .frame(error.description))
        }
        front = back
        guard !blanked else { return }
        try scanOut()
    }

    /// Turns the CRTC off (`blank`), or on again with the last frame. (drmModeSetCrtc)
    public mutating func setBlank(_ blank: Bool) throws(DRMError) {
        blanked = blank
        if blank {
            if case .failure(let error) = DRMCalls.setCRTC(descriptor, crtc: choice.crtc, framebuffer: 0, connector: nil, mode: nil) {
                throw DRMError(path: path, .setCRTC, error)
            }
        } else {
            try scanOut()
        }
    }

    /// Puts back what the CRTC showed before t9dial; the next `show` redraws every row.
    public mutating func restore() {
        restoreCRTC()
        for index in updaters.indices { updaters[index].invalidate() }
    }

    private func scanOut() throws(DRMError) {
        if case .failure(let error) = DRMCalls.setCRTC(
            descriptor, crtc: choice.crtc, framebuffer: buffers[front].framebuffer, connector: choice.connector.id, mode: mode)
        {
            throw DRMError(path: path, .setCRTC, error)
        }
    }

    /// The CRTC as it was at open: its framebuffer and mode, or off when it was off.
    private func restoreCRTC() {
        if let saved, saved.buffer_id != 0, saved.mode_valid != 0 {
            _ = DRMCalls.setCRTC(
                descriptor, crtc: saved.crtc_id, framebuffer: saved.buffer_id, x: saved.x, y: saved.y, connector: choice.connector.id, mode: saved.mode)
        } else {
            _ = DRMCalls.setCRTC(descriptor, crtc: choice.crtc, framebuffer: 0, connector: nil, mode: nil)
        }
    }
}
