// SPDX-License-Identifier: Apache-2.0

import Glibc
import SystemCalls
import struct SystemPackage.FileDescriptor

/// The libc calls that set up a modem's serial port, one small wrapper each: termios.
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
}
