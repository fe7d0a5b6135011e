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
