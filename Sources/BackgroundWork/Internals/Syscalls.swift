// SPDX-License-Identifier: Apache-2.0

import CLinux
import Glibc
import SystemCalls
import struct SystemPackage.FileDescriptor

/// The libc calls of the BackgroundWork module, one small wrapper each.
enum Syscalls {
    /// A connected pair of Unix stream sockets, closed on exec. (socketpair)
    static func socketPair() -> Result<(FileDescriptor, FileDescriptor), Errno> {
        var ends: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        return valueOrErrno(socketpair(AF_UNIX, type, 0, &ends)).map { _ in (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1])) }
    }

    /// Sends bytes on a socket without raising SIGPIPE when the peer is gone; retried when a
    /// signal interrupts it. (send MSG_NOSIGNAL)
    @discardableResult
    static func sendWithoutSignal(_ descriptor: FileDescriptor, _ buffer: UnsafeRawBufferPointer) -> Result<Int, Errno> {
        SystemCall.retryingInterrupts { send(descriptor.rawValue, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Waits with no time-out until the descriptor is readable (or a signal interrupts the
    /// wait). (poll)
    static func waitReadable(_ descriptor: FileDescriptor) {
        var entry = pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0)
        _ = SystemCall.poll(&entry, 1, -1)
    }

    /// Names the calling thread, as `top -H`, `ps -L` and /proc/PID/task/TID/comm show it;
    /// the kernel keeps 15 bytes of it. (prctl PR_SET_NAME)
    static func nameThisThread(_ name: String) {
        _ = t9dial_name_this_thread(name)
    }

    /// The cores online, 1 at least. (sysconf _SC_NPROCESSORS_ONLN)
    static func coresOnline() -> Int {
        max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }

    /// A thread started by `startJoinableThread`, to be joined.
    typealias JoinableThread = pthread_t

    /// Starts a thread that runs `work`, to be joined with `join`; nil when none can be started
    /// (EAGAIN: the process or the system has no threads left). (pthread_create)
    static func startJoinableThread(_ work: @escaping () -> Void) -> JoinableThread? {
        let context = Unmanaged.passRetained(ThreadWork(work)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(
            &thread, nil,
            { context in
                Unmanaged<ThreadWork>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
        guard result == 0 else {
            Unmanaged<ThreadWork>.fromOpaque(context).release()
            return nil
        }
        return thread
    }

    /// Waits for a thread started by `startJoinableThread` to end. (pthread_join)
    static func join(_ thread: JoinableThread) {
        pthread_join(thread, nil)
    }
}

/// What a started thread runs, handed to it through `pthread_create`'s context pointer.
private final class ThreadWork {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
