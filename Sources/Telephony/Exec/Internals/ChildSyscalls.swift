// SPDX-License-Identifier: Apache-2.0

import CLinux
import Glibc
import SystemCalls
import struct SystemPackage.FileDescriptor

/// The libc calls of the `exec` method, one small wrapper each, so every system call it makes
/// is listed here: files and pipes, poll, posix_spawn and waiting for children, signals.
enum ChildSyscalls {
    /// Waits up to `milliseconds` (-1: forever) for `events` on one descriptor; returns the
    /// events that came, empty on a time-out or an interrupting signal. (poll)
    static func poll(_ descriptor: FileDescriptor, _ events: Int16, milliseconds: Int32) -> Result<Int16, Errno> {
        var entry = pollfd(fd: descriptor.rawValue, events: events, revents: 0)
        switch SystemCall.poll(&entry, 1, milliseconds) {
        case .success(let ready): return .success(ready == 0 ? 0 : entry.revents)
        case .failure(let error) where error.rawValue == EINTR: return .success(0)
        case .failure(let error): return .failure(error)
        }
    }

    /// A pipe whose two ends close on exec; the read end does not block. (pipe2, fcntl)
    static func nonBlockingPipe() -> Result<(read: FileDescriptor, write: FileDescriptor), Errno> {
        var ends: [Int32] = [-1, -1]
        if case .failure(let error) = valueOrErrno(t9dial_pipe_cloexec(&ends)) { return .failure(error) }
        let flags = fcntl(ends[0], F_GETFL)
        if case .failure(let error) = valueOrErrno(fcntl(ends[0], F_SETFL, flags | O_NONBLOCK)) {
            close(ends[0])
            close(ends[1])
            return .failure(error)
        }
        return .success((FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1])))
    }

    /// Starts `arguments[0]` with `arguments`, stdin and stdout on /dev/null and stderr on
    /// `standardError`, in a process group of its own (so a time-out can end everything it
    /// started), with every signal at its default and none blocked. A program named without
    /// a slash is looked up in PATH. Returns the child's pid; a program that cannot be run
    /// (missing, not executable) is reported here, as posix_spawn returns the exec's error.
    /// (posix_spawn, posix_spawnp)
    static func spawn(_ arguments: [String], standardError: FileDescriptor) -> Result<pid_t, Errno> {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, standardError.rawValue, 2)

        var noSignals = sigset_t()
        var allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        let flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var pid: pid_t = 0
        let program = arguments[0]
        let code = cArguments.withUnsafeBufferPointer { argv in
            program.contains("/")
                ? posix_spawn(&pid, program, &actions, &attributes, argv.baseAddress!, t9dial_environment())
                : posix_spawnp(&pid, program, &actions, &attributes, argv.baseAddress!, t9dial_environment())
        }
        return code == 0 ? .success(pid) : .failure(Errno(code))
    }

    /// Whether the child has ended, without reaping it: a child that has ended stays a zombie,
    /// so its pid and process group are not reused until `reap`. (waitid WNOWAIT)
    static func hasEnded(_ pid: pid_t) -> Result<Bool, Errno> {
        valueOrErrno(t9dial_child_has_ended(pid)).map { $0 == 1 }
    }

    /// Waits for the child to end and reaps it; returns its wait status. (waitpid)
    static func reap(_ pid: pid_t) -> Result<Int32, Errno> {
        var status: Int32 = 0
        return SystemCall.retryingInterrupts { waitpid(pid, &status, 0) }.map { _ in status }
    }

    /// Sends a signal to every process of a process group. (kill with a negative pid)
    @discardableResult
    static func signalGroup(_ group: pid_t, _ signal: Int32) -> Result<Int32, Errno> {
        valueOrErrno(kill(-group, signal))
    }

    /// CLOCK_MONOTONIC in nanoseconds. (clock_gettime)
    static func monotonicNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// Whether `path` is a directory (exec refuses one with EACCES, as if it lacked the x bit).
    /// (stat)
    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// A descriptor readable once process `pid` has ended; nil on a kernel without pidfd
    /// (before Linux 5.3). (pidfd_open)
    static func processDescriptor(_ pid: pid_t) -> FileDescriptor? {
        let descriptor = t9dial_pidfd_open(pid)
        if descriptor < 0 { return nil }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        return FileDescriptor(rawValue: descriptor)
    }

    /// Waits up to `milliseconds` (-1: none) until one of `descriptors` (nils skipped) is
    /// readable or at its end; a signal ends the wait early. (poll)
    static func waitReadable(_ descriptors: [FileDescriptor?], milliseconds: Int32) {
        var entries = descriptors.map { pollfd(fd: $0?.rawValue ?? -1, events: Int16(POLLIN), revents: 0) }
        _ = entries.withUnsafeMutableBufferPointer { SystemCall.poll($0.baseAddress, $0.count, milliseconds) }
    }
}
