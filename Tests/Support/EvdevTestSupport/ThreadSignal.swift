// SPDX-License-Identifier: Apache-2.0

import Glibc

/// Signals for tests of code that reads them with a `SignalSource`, inside a test process that
/// does not block them: blocked on the calling thread only, so `raise` (which signals the
/// calling thread) leaves them pending for the signalfd to read instead of ending the process.
public enum ThreadSignal {
    /// Runs `body` with `signal` blocked on this thread. Whatever of it is still pending after
    /// `body` is taken (sigtimedwait) before it is unblocked, so it never reaches its default
    /// action.
    public static func withBlocked<T>(_ signal: Int32, _ body: () throws -> T) rethrows -> T {
        var set = sigset_t(), previous = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        pthread_sigmask(SIG_BLOCK, &set, &previous)
        defer {
            var none = timespec(tv_sec: 0, tv_nsec: 0)
            while sigtimedwait(&set, nil, &none) == signal {}
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        return try body()
    }
}
