// SPDX-License-Identifier: Apache-2.0

import Glibc
import SystemCalls
import struct SystemPackage.FileDescriptor

/// An open character display: the kernel's charlcd (`/dev/lcd`), a write-only character
/// device that takes text and escape codes (drivers/auxdisplay/charlcd.c). It owns the
/// descriptor and closes it when it goes; charlcd lets one program have it open at a time.
///
/// A write blocks for as long as the driver takes to clock the bytes out to the module, slow
/// over an I2C backpack, which is why `CharacterLCDScreen` writes only the cells that changed.
public struct CharacterLCDDevice: ~Copyable {
    /// The path it was opened at.
    public let path: String
    private let descriptor: FileDescriptor

    /// Opens `path` write-only (charlcd refuses a reader). A path that names no character
    /// device (a regular file, a FIFO, a folder) is refused before it is opened, so a mistyped
    /// path never becomes a file t9dial fills with escape codes. (stat, open)
    public init(path: String = "/dev/lcd") throws(CharacterLCDError) {
        switch Syscalls.fileMode(path) {
        case .failure(let error): throw CharacterLCDError(path: path, reason: .system(.open, error))
        case .success(let mode):
            guard mode & S_IFMT == S_IFCHR else { throw CharacterLCDError(path: path, reason: .notACharacterDevice(what: Self.kind(of: mode))) }
        }
        switch SystemCall.open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY) {
        case .success(let opened): descriptor = FileDescriptor(rawValue: opened)
        case .failure(let error): throw CharacterLCDError(path: path, reason: .system(.open, error))
        }
        self.path = path
    }

    deinit {
        _ = SystemCall.close(descriptor)
    }

    /// Writes every byte of `bytes`. (write)
    public func write(_ bytes: [UInt8]) throws(CharacterLCDError) {
        guard !bytes.isEmpty else { return }
        if case .failure(let error) = SystemCall.writeAll(descriptor, bytes) {
            throw CharacterLCDError(path: path, reason: .system(.write, error))
        }
    }

    /// What a file's type is, in words, for the error.
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: "a regular file"
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFBLK: "a block device"
        default: "not a device"
        }
    }
}
