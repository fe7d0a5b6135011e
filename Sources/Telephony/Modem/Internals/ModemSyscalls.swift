// SPDX-License-Identifier: Apache-2.0

import Glibc
import SystemCalls
import struct SystemPackage.FileDescriptor

/// The libc calls that set up a modem's serial port, one small wrapper each: termios, and
/// the locks that make the port the line's alone.
enum ModemSyscalls {
    /// The terminal settings of a tty; ENOTTY for anything else. (tcgetattr)
    static func terminalAttributes(_ descriptor: FileDescriptor) -> Result<termios, Errno> {
        var settings = termios()
        return valueOrErrno(tcgetattr(descriptor.rawValue, &settings)).map { _ in settings }
    }

    /// Sets a tty raw (no echo, no line editing, no translation of CR and NL, 8 bits), at
    /// `speed` both ways, ignoring modem control lines, reads returning at once; applied now.
    /// (cfmakeraw, cfsetispeed, cfsetospeed, tcsetattr)
    static func makeRaw(_ descriptor: FileDescriptor, _ settings: termios, speed: speed_t) -> Result<Int32, Errno> {
        var raw = settings
        cfmakeraw(&raw)
        raw.c_cflag |= tcflag_t(CLOCAL | CREAD)
        raw.c_cflag &= ~tcflag_t(CRTSCTS)
        withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
            controlCharacters[Int(VMIN)] = 0
            controlCharacters[Int(VTIME)] = 0
        }
        if case .failure(let error) = valueOrErrno(cfsetispeed(&raw, speed)) { return .failure(error) }
        if case .failure(let error) = valueOrErrno(cfsetospeed(&raw, speed)) { return .failure(error) }
        return valueOrErrno(tcsetattr(descriptor.rawValue, TCSANOW, &raw))
    }

    /// Throws away what a tty has received and not yet read, and what it has not yet sent.
    /// (tcflush TCIOFLUSH)
    @discardableResult
    static func discardPending(_ descriptor: FileDescriptor) -> Result<Int32, Errno> {
        valueOrErrno(tcflush(descriptor.rawValue, TCIOFLUSH))
    }

    /// Takes the advisory lock serial programs agree on (picocom, minicom's, other t9dials),
    /// without waiting: EWOULDBLOCK when another open file holds it. (flock LOCK_EX | LOCK_NB)
    static func lockExclusively(_ descriptor: FileDescriptor) -> Result<Int32, Errno> {
        SystemCall.retryingInterrupts { flock(descriptor.rawValue, LOCK_EX | LOCK_NB) }
    }

    /// Refuses every later open of the tty but root's, until it is closed. (ioctl TIOCEXCL)
    @discardableResult
    static func openExclusively(_ descriptor: FileDescriptor) -> Result<Int32, Errno> {
        valueOrErrno(ioctl(descriptor.rawValue, UInt(TIOCEXCL)))
    }

    /// The file system and inode of `path`, as /proc/locks names a locked file. (stat)
    static func fileIdentity(_ path: String) -> (device: UInt64, inode: UInt64)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return (UInt64(status.st_dev), UInt64(status.st_ino))
    }

    /// `path` with its links followed, absolute. (realpath)
    static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether process `pid` exists, ours to signal or not. (kill 0)
    static func isAlive(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    /// This process's ID. (getpid)
    static func processID() -> Int32 { getpid() }
}
