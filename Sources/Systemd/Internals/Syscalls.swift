// SPDX-License-Identifier: Apache-2.0

import CLinux
import Glibc
import SystemCalls
import struct SystemPackage.FileDescriptor

/// The libc calls of the Systemd module, one line each.
enum Syscalls {
    /// A datagram socket in the Unix domain, closed on exec. (socket)
    static func unixDatagramSocket() -> Result<FileDescriptor, Errno> {
        valueOrErrno(socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)).map(FileDescriptor.init(rawValue:))
    }

    /// Sends one datagram to the socket at `address`; retried when a signal interrupts it. (sendto)
    static func send(_ descriptor: FileDescriptor, _ bytes: [UInt8], to address: sockaddr_un, length: socklen_t) -> Result<Int, Errno> {
        var address = address
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                SystemCall.retryingInterrupts { sendto(descriptor.rawValue, bytes, bytes.count, Int32(MSG_NOSIGNAL), socketAddress, length) }
            }
        }
    }

    /// The device and inode of an open descriptor. (fstat)
    static func deviceAndInode(_ descriptor: FileDescriptor) -> (device: UInt64, inode: UInt64)? {
        var status = stat()
        guard fstat(descriptor.rawValue, &status) == 0 else { return nil }
        return (UInt64(status.st_dev), UInt64(status.st_ino))
    }

    /// The value of an environment variable. (getenv)
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// This process's id. (getpid)
    static func processID() -> Int32 { getpid() }

}
