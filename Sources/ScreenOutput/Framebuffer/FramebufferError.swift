// SPDX-License-Identifier: Apache-2.0

import Glibc
public import ScreenRender
public import SystemCalls

/// Why a framebuffer could not be opened, read, mapped or set up: the device, what t9dial was
/// doing, and what to do about it.
///
/// Printed as it is: `permission denied opening /dev/fb0 (EACCES): add your user to the video
/// group (sudo usermod -aG video $USER, then log in again), or install t9dial's udev rule`.
public struct FramebufferError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What t9dial was doing with the device.
    public enum Operation: String, Sendable, Hashable {
        case open = "opening"
        case readMode = "reading the mode of"
        case setMode = "setting the mode of"
        case map = "mapping the memory of"
        case setColorMap = "setting the colour map of"
        case pan = "panning"
        case blank = "blanking"
    }

    public enum Reason: Sendable, Hashable {
        /// A system call failed.
        case system(Operation, Errno)
        /// The device works, but in a mode t9dial does not draw.
        case unsupportedMode(FramebufferMode, UnsupportedPixelFormat)
        /// A canvas or frame does not fit the device.
        case sizeMismatch(String)
    }

    /// What kind of problem it is, for callers that act on it.
    public enum Kind: Sendable, Hashable {
        case permissionDenied
        case noSuchDevice
        case notAFramebuffer
        case unsupportedMode
        case other
    }

    /// The device node, as it was opened.
    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    init(path: String, _ operation: Operation, _ errno: Errno) {
        self.init(path: path, reason: .system(operation, errno))
    }

    public var kind: Kind {
        switch reason {
        case .unsupportedMode: return .unsupportedMode
        case .sizeMismatch: return .other
        case .system(let operation, let errno):
            switch errno.rawValue {
            case EACCES, EPERM: return .permissionDenied
            case ENOENT, ENXIO: return .noSuchDevice
            case ENODEV where operation == .open: return .noSuchDevice
            case ENOTTY where operation == .readMode: return .notAFramebuffer
            case EINVAL where operation == .readMode: return .notAFramebuffer
            default: return .other
            }
        }
    }

    /// What went wrong, where, and how to fix it.
    public var message: String {
        switch reason {
        case .unsupportedMode(let mode, let problem):
            return "\(path) is in a mode t9dial cannot draw (\(mode)): \(problem.message)"
        case .sizeMismatch(let what):
            return "\(path): \(what)"
        case .system(let operation, let errno):
            switch kind {
            case .permissionDenied:
                return "permission denied \(operation.rawValue) \(path) (\(errno.name)): add your user to the video group "
                    + "(sudo usermod -aG video $USER, then log in again), or install t9dial's udev rule"
            case .noSuchDevice:
                return "no framebuffer at \(path) (\(errno.name)): ls /dev/fb* lists the framebuffers; a display driver "
                    + "(fbtft, ssd1307fb, DRM fbdev emulation) must be loaded, or in a VM: modprobe vfb vfb_enable=1"
            case .notAFramebuffer:
                return "\(path) is not a framebuffer (\(errno.name) from FBIOGET_VSCREENINFO): name a /dev/fbN device"
            default:
                return "\(operation.rawValue) \(path) failed: \(errno.description)"
            }
        }
    }

    public var description: String { message }
}
