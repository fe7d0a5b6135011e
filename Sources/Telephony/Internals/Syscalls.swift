// SPDX-License-Identifier: Apache-2.0

import Glibc
import SystemCalls
import struct SystemPackage.FileDescriptor

/// The libc calls of the Telephony module, one line each: a TCP socket to a loopback address.
/// read and close are `SystemCall`'s.
enum Syscalls {
    /// A TCP socket of `family`, closed on exec. (socket)
    static func tcpSocket(family: Int32) -> Result<FileDescriptor, Errno> {
        valueOrErrno(socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)).map(FileDescriptor.init(rawValue:))
    }

    /// Starts connecting `descriptor` to `address` (a sockaddr_in or sockaddr_in6); EINPROGRESS
    /// when the socket is non-blocking and the connection is not made yet. (connect)
    static func connect(_ descriptor: FileDescriptor, _ address: UnsafeRawBufferPointer) -> Result<Int32, Errno> {
        SystemCall.retryingInterrupts {
            Glibc.connect(descriptor.rawValue, address.baseAddress?.assumingMemoryBound(to: sockaddr.self), socklen_t(address.count))
        }
    }

    /// Makes reads and writes of `descriptor` return EAGAIN rather than wait. (fcntl)
    static func setNonBlocking(_ descriptor: FileDescriptor) -> Result<Int32, Errno> {
        valueOrErrno(fcntl(descriptor.rawValue, F_GETFL)).flatMap { flags in valueOrErrno(fcntl(descriptor.rawValue, F_SETFL, flags | O_NONBLOCK)) }
    }

    /// Waits up to `milliseconds` (0: not at all) for `descriptor` to be writable; the events
    /// that came. (poll)
    static func waitWritable(_ descriptor: FileDescriptor, milliseconds: Int32) -> Result<Int16, Errno> {
        var entry = pollfd(fd: descriptor.rawValue, events: Int16(POLLOUT), revents: 0)
        return SystemCall.retryingInterrupts { Glibc.poll(&entry, 1, milliseconds) }.map { _ in entry.revents }
    }

    /// The error a non-blocking connect ended with (0: connected). (getsockopt SO_ERROR)
    static func pendingError(_ descriptor: FileDescriptor) -> Result<Int32, Errno> {
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        return valueOrErrno(getsockopt(descriptor.rawValue, SOL_SOCKET, SO_ERROR, &error, &length)).map { _ in error }
    }

    /// Sends what it can of `bytes` without waiting and without SIGPIPE when the peer is gone.
    /// (send, MSG_DONTWAIT | MSG_NOSIGNAL)
    static func send(_ descriptor: FileDescriptor, _ bytes: UnsafeRawBufferPointer) -> Result<Int, Errno> {
        SystemCall.retryingInterrupts { Glibc.send(descriptor.rawValue, bytes.baseAddress, bytes.count, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL)) }
    }
}
