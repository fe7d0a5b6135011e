// SPDX-License-Identifier: Apache-2.0

import Glibc

/// SIGPIPE made a value: a write to a pipe or socket whose reader went away fails with EPIPE,
/// which the writer sees (`WriteFailure.readerLeft`), instead of a signal ending the process
/// wherever it was, with the terminal, the framebuffer or a dial's history left half done.
///
/// Every t9dial command ignores SIGPIPE from its start, the way systemd starts a service
/// (`IgnoreSIGPIPE=yes`), so the program behaves the same in a shell and under systemd. A
/// command whose output is its purpose then ends itself by SIGPIPE (`end()`), so a shell sees
/// 141 as for any program piped into `head`; the service goes on without its text output. The
/// programs t9dial starts get every signal back at its default (`posix_spawn` with
/// POSIX_SPAWN_SETSIGDEF), so a dial script still dies of SIGPIPE as it expects.
public enum BrokenPipe {
    /// Ignores SIGPIPE in the whole process from now on. Call it first thing in `main`. (signal)
    public static func reportAsErrors() {
        Syscalls.ignoreSignal(SIGPIPE)
    }

    /// Ends the process by SIGPIPE with its default action, quietly, as if the write had raised
    /// it. (signal, pthread_sigmask, raise, _exit)
    public static func end() -> Never {
        Syscalls.endBySignal(SIGPIPE)
    }
}
