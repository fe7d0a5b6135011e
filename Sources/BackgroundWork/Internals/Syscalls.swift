// SPDX-License-Identifier: Apache-2.0

import CLinux
import Glibc
import SystemCalls

/// The libc calls of the BackgroundWork module, one small wrapper each.
enum Syscalls {
    /// A connected pair of Unix stream sockets, closed on exec. (socketpair)
    static func socketPair() -> Result<(Int32, Int32), Errno> {
        var ends: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        return valueOrErrno(socketpair(AF_UNIX, type, 0, &ends)).map { _ in (ends[0], ends[1]) }
    }

    /// Sends bytes on a socket without raising SIGPIPE when the peer is gone; retried when a
    /// signal interrupts it. (send MSG_NOSIGNAL)
    @discardableResult
    static func sendWithoutSignal(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Result<Int, Errno> {
        SystemCall.retryingInterrupts { send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Waits with no time-out until the descriptor is readable (or a signal interrupts the
    /// wait). (poll)
    static func waitReadable(_ descriptor: Int32) {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        _ = SystemCall.poll(&entry, 1, -1)
    }

    /// Names the calling thread, as `top -H`, `ps -L` and /proc/PID/task/TID/comm show it;
    /// the kernel keeps 15 bytes of it. (prctl PR_SET_NAME)
    static func nameThisThread(_ name: String) {
        _ = t9dial_name_this_thread(name)
    }
}
