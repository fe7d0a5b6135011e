// SPDX-License-Identifier: Apache-2.0

import CLinux
import Glibc
import SystemCalls
import struct SystemPackage.FileDescriptor

/// The libc calls of the ProcessLoop module, one line each: the signals read as a descriptor,
/// and the eventfd another thread wakes the loop with. poll itself is `SystemCall.poll`.
enum Syscalls {
    /// A counter another thread adds to, readable while it is not zero; non-blocking and
    /// closed on exec. (eventfd)
    static func eventDescriptor() -> Result<FileDescriptor, Errno> {
        valueOrErrno(eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))).map(FileDescriptor.init(rawValue:))
    }

    /// Adds one to an eventfd counter. Cannot block: the counter would have to reach
    /// 2^64 - 1 first. (write)
    static func addOne(to descriptor: FileDescriptor) {
        var one: UInt64 = 1
        _ = withUnsafeBytes(of: &one) { SystemCall.write(descriptor, $0) }
    }

    /// Sets an eventfd counter back to zero; does nothing when it is zero already. (read)
    static func resetCounter(_ descriptor: FileDescriptor) {
        var count: UInt64 = 0
        _ = withUnsafeMutableBytes(of: &count) { SystemCall.read(descriptor, $0) }
    }

    /// A descriptor that reads the signals of `signals` (which must be blocked), non-blocking
    /// and closed on exec. (signalfd)
    static func signalDescriptor(_ signals: [Int32]) -> Result<FileDescriptor, Errno> {
        var mask = signalSet(signals)
        return valueOrErrno(signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))).map(FileDescriptor.init(rawValue:))
    }

    /// The signal numbers waiting on a signalfd descriptor, or none. (read)
    static func readSignals(_ descriptor: FileDescriptor) -> [Int32] {
        var signals: [Int32] = []
        var info = signalfd_siginfo()
        // Until EAGAIN: none left.
        while case .success(MemoryLayout<signalfd_siginfo>.size) = withUnsafeMutableBytes(of: &info, { SystemCall.read(descriptor, $0) }) {
            signals.append(Int32(bitPattern: info.ssi_signo))
        }
        return signals
    }

    /// Blocks `signals` in the calling thread, and so in the threads it starts after. (pthread_sigmask)
    static func blockSignals(_ signals: [Int32]) {
        var mask = signalSet(signals)
        pthread_sigmask(SIG_BLOCK, &mask, nil)
    }

    /// Has the process ignore `signal` from now on; a program it starts with exec keeps it
    /// ignored unless the start resets it. (signal)
    static func ignoreSignal(_ signal: Int32) {
        _ = Glibc.signal(signal, SIG_IGN)
    }

    /// Ends the process by `signal` with its default action, as if it had never been blocked.
    /// (signal, pthread_sigmask, raise, _exit)
    static func endBySignal(_ signal: Int32) -> Never {
        _ = Glibc.signal(signal, SIG_DFL)
        var mask = signalSet([signal])
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        raise(signal)
        _exit(128 + signal)
    }

    private static func signalSet(_ signals: [Int32]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        return set
    }
}
