// SPDX-License-Identifier: Apache-2.0

import CLinux
import Glibc
import SystemCalls
import struct SystemPackage.FileDescriptor

/// The libc calls of the ScreenOutput module, one line each (files, the framebuffer's ioctls,
/// mmap), so every system call it makes is listed here. zlib is called only from `Zlib`.
enum Syscalls {
    /// Flushes a file's data to its disk. (fsync)
    static func fsync(_ descriptor: FileDescriptor) -> Result<Int32, Errno> {
        valueOrErrno(Glibc.fsync(descriptor.rawValue))
    }

    /// Renames a file, replacing the target in one step. (rename)
    static func rename(_ from: String, _ to: String) -> Result<Int32, Errno> {
        valueOrErrno(Glibc.rename(from, to))
    }

    /// Removes a file. (unlink)
    @discardableResult
    static func unlink(_ path: String) -> Result<Int32, Errno> {
        valueOrErrno(Glibc.unlink(path))
    }

    /// Creates and opens a new file from a template ending in XXXXXX, closed on exec; returns
    /// the descriptor and the path it chose. (mkstemp, fcntl F_SETFD)
    static func makeTemporaryFile(_ template: String) -> Result<(descriptor: FileDescriptor, path: String), Errno> {
        var bytes = Array(template.utf8CString)
        let descriptor = bytes.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor != -1 else { return .failure(.current) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let path = bytes.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return .success((FileDescriptor(rawValue: descriptor), path))
    }

    /// Sets a file's permission bits. (fchmod)
    static func fchmod(_ descriptor: FileDescriptor, _ mode: mode_t) -> Result<Int32, Errno> {
        valueOrErrno(Glibc.fchmod(descriptor.rawValue, mode))
    }

    /// The process's file-creation mask, read without changing it. (umask, twice)
    static func currentUmask() -> mode_t {
        let mask = Glibc.umask(0o022)
        Glibc.umask(mask)
        return mask
    }

    /// The mode of what `path` names (its type and permission bits), not following a symbolic
    /// link. (lstat)
    static func linkMode(_ path: String) -> Result<mode_t, Errno> {
        var status = stat()
        return lstat(path, &status) == 0 ? .success(status.st_mode) : .failure(.current)
    }

    /// Writes every byte at offset 0, as a sysfs attribute takes a new value. (pwrite)
    static func writeAtStart(_ descriptor: Int32, _ bytes: [UInt8]) -> Result<Int, Errno> {
        SystemCall.retryingInterrupts { bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) } }
    }

    /// Whether this process may write `path`, by its real user's rights. (access)
    static func mayWrite(_ path: String) -> Bool {
        access(path, W_OK) == 0
    }

}

// MARK: - The framebuffer

extension Syscalls {
    /// The variable screen information: resolution, depth, colour offsets.
    /// (ioctl FBIOGET_VSCREENINFO, through t9dial_fb_get_var)
    static func framebufferVariableInfo(_ descriptor: FileDescriptor) -> Result<fb_var_screeninfo, Errno> {
        var info = fb_var_screeninfo()
        return valueOrErrno(t9dial_fb_get_var(descriptor.rawValue, &info)).map { _ in info }
    }

    /// Asks the driver for a mode; returns what it set, which may differ.
    /// (ioctl FBIOPUT_VSCREENINFO, through t9dial_fb_put_var)
    static func setFramebufferVariableInfo(_ descriptor: FileDescriptor, _ info: fb_var_screeninfo) -> Result<fb_var_screeninfo, Errno> {
        var info = info
        return valueOrErrno(t9dial_fb_put_var(descriptor.rawValue, &info)).map { _ in info }
    }

    /// The fixed screen information: line length, memory size, visual.
    /// (ioctl FBIOGET_FSCREENINFO, through t9dial_fb_get_fix)
    static func framebufferFixedInfo(_ descriptor: FileDescriptor) -> Result<fb_fix_screeninfo, Errno> {
        var info = fb_fix_screeninfo()
        return valueOrErrno(t9dial_fb_get_fix(descriptor.rawValue, &info)).map { _ in info }
    }

    /// Sets palette entries from `start`, 16 bits a channel. (ioctl FBIOPUTCMAP, through
    /// t9dial_fb_put_cmap)
    static func putColorMap(_ descriptor: FileDescriptor, start: UInt32, red: [UInt16], green: [UInt16], blue: [UInt16]) -> Result<Int32, Errno> {
        var red = red, green = green, blue = blue
        return red.withUnsafeMutableBufferPointer { red in
            green.withUnsafeMutableBufferPointer { green in
                blue.withUnsafeMutableBufferPointer { blue in
                    var map = fb_cmap(
                        start: start, len: UInt32(red.count),
                        red: red.baseAddress, green: green.baseAddress, blue: blue.baseAddress, transp: nil
                    )
                    return valueOrErrno(t9dial_fb_put_cmap(descriptor.rawValue, &map))
                }
            }
        }
    }

    /// Shows the part of the virtual screen at (`x`, `y`). (ioctl FBIOGET_VSCREENINFO, then
    /// FBIOPAN_DISPLAY through t9dial_fb_pan)
    static func panFramebuffer(_ descriptor: FileDescriptor, x: Int, y: Int) -> Result<Int32, Errno> {
        framebufferVariableInfo(descriptor).flatMap { info in
            var info = info
            info.xoffset = UInt32(clamping: x)
            info.yoffset = UInt32(clamping: y)
            return valueOrErrno(t9dial_fb_pan(descriptor.rawValue, &info))
        }
    }

    /// Asks for the current mode at another depth, applied now; the driver may adjust the rest.
    /// (ioctl FBIOGET_VSCREENINFO, then FBIOPUT_VSCREENINFO through t9dial_fb_put_var)
    static func setFramebufferDepth(_ descriptor: FileDescriptor, _ bitsPerPixel: Int) -> Result<fb_var_screeninfo, Errno> {
        framebufferVariableInfo(descriptor).flatMap { info in
            var info = info
            info.bits_per_pixel = UInt32(clamping: bitsPerPixel)
            info.activate = UInt32(FB_ACTIVATE_NOW)
            return setFramebufferVariableInfo(descriptor, info)
        }
    }

    /// Blanks the screen (`blank`: FB_BLANK_POWERDOWN) or shows it again (FB_BLANK_UNBLANK);
    /// what the memory holds stays. (ioctl FBIOBLANK, through t9dial_fb_blank)
    static func blankFramebuffer(_ descriptor: FileDescriptor, _ blank: Bool) -> Result<Int32, Errno> {
        let mode = blank ? FB_BLANK_POWERDOWN : FB_BLANK_UNBLANK
        return valueOrErrno(t9dial_fb_blank(descriptor.rawValue, Int32(mode)))
    }

    /// Maps `length` bytes of a device, shared and read-write. (mmap, through
    /// t9dial_mmap_shared)
    static func mapShared(_ descriptor: FileDescriptor, _ length: Int) -> Result<UnsafeMutableRawPointer, Errno> {
        guard let address = t9dial_mmap_shared(descriptor.rawValue, length) else { return .failure(.current) }
        return .success(address)
    }

    /// Unmaps what `mapShared` mapped. (munmap)
    @discardableResult
    static func unmap(_ address: UnsafeMutableRawPointer, _ length: Int) -> Result<Int32, Errno> {
        valueOrErrno(munmap(address, length))
    }
}
