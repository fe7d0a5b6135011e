import CLinux
import Evdev
import Glibc
import SystemErrors

/// The libc calls of the KeypadInput module, one line each (poll and the file system calls
/// that discovery needs), so every system call it makes is listed here. libevdev itself is
/// called only from the Evdev module; inotify from the Inotify module.
enum Syscalls {
    /// Waits for the descriptors or the timeout in milliseconds (-1: none). (poll)
    static func poll(_ descriptors: UnsafeMutablePointer<pollfd>?, _ count: Int, _ timeout: Int32) -> Result<Int32, Errno> {
        valueOrErrno(Glibc.poll(descriptors, nfds_t(count), timeout))
    }

    /// A descriptor that reads the signals of `signals` (which must be blocked), non-blocking
    /// and closed on exec. (signalfd)
    static func signalDescriptor(_ signals: [Int32]) -> Result<Int32, Errno> {
        var mask = signalSet(signals)
        return valueOrErrno(signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC)))
    }

    /// The signal numbers waiting on a signalfd descriptor, or none. (read)
    static func readSignals(_ descriptor: Int32) -> [Int32] {
        var signals: [Int32] = []
        var info = signalfd_siginfo()
        while true {
            let count = withUnsafeMutableBytes(of: &info) { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == MemoryLayout<signalfd_siginfo>.size {
                signals.append(Int32(bitPattern: info.ssi_signo))
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return signals  // EAGAIN: none left
            }
        }
    }

    /// Blocks `signals` in the calling thread, and so in the threads it starts after. (pthread_sigmask)
    static func blockSignals(_ signals: [Int32]) {
        var mask = signalSet(signals)
        pthread_sigmask(SIG_BLOCK, &mask, nil)
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

    /// The path with every symbolic link and `..` resolved, or the error. (realpath)
    static func realPath(_ path: String) -> Result<String, Errno> {
        guard let resolved = Glibc.realpath(path, nil) else { return .failure(.current) }
        defer { free(resolved) }
        return .success(String(cString: resolved))
    }

    /// Whether something (a file, a directory, a link that resolves) is at the path. (stat)
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// Whether the path is a symbolic link itself. (lstat)
    static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }

    /// The names in a directory, without . and .., or the error. (opendir, readdir)
    static func directoryEntries(_ path: String) -> Result<[String], Errno> {
        guard let directory = opendir(path) else { return .failure(.current) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names)
    }

    /// Now on CLOCK_MONOTONIC, in microseconds: the clock evdev stamps events with here.
    /// (clock_gettime)
    static func monotonicMicroseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1_000
    }
}
