import CLinux
import Glibc
import SystemErrors

/// The libc calls of the Systemd module, one line each.
enum Syscalls {
    /// A datagram socket in the Unix domain, closed on exec. (socket)
    static func unixDatagramSocket() -> Result<Int32, Errno> {
        valueOrErrno(socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0))
    }

    /// Sends one datagram to the socket at `address`; retried when a signal interrupts it. (sendto)
    static func send(_ descriptor: Int32, _ bytes: [UInt8], to address: sockaddr_un, length: socklen_t) -> Result<Int, Errno> {
        var address = address
        while true {
            let result = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                    valueOrErrno(sendto(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL), socketAddress, length))
                }
            }
            if case .failure(let error) = result, error.rawValue == EINTR { continue }
            return result
        }
    }

    /// The device and inode of an open descriptor. (fstat)
    static func deviceAndInode(_ descriptor: Int32) -> (device: UInt64, inode: UInt64)? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return (UInt64(status.st_dev), UInt64(status.st_ino))
    }

    /// Writes all of `bytes`, going on after short writes and signals. (write)
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }

    /// A pipe whose ends close on exec and never block. (pipe2, fcntl)
    static func nonBlockingPipe() -> Result<(read: Int32, write: Int32), Errno> {
        var ends: [Int32] = [-1, -1]
        if case .failure(let error) = valueOrErrno(t9dial_pipe_cloexec(&ends)) { return .failure(error) }
        for end in ends {
            if case .failure(let error) = valueOrErrno(fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)) {
                ends.forEach { _ = Glibc.close($0) }
                return .failure(error)
            }
        }
        return .success((ends[0], ends[1]))
    }

    /// The value of an environment variable. (getenv)
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// This process's id. (getpid)
    static func processID() -> Int32 { getpid() }

    /// Closes a descriptor. (close)
    @discardableResult
    static func close(_ descriptor: Int32) -> Result<Int32, Errno> {
        valueOrErrno(Glibc.close(descriptor))
    }
}
