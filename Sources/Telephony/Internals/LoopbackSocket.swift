// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import Glibc
import SystemCalls
import struct SystemPackage.FileDescriptor

/// A TCP connection to a loopback address, non-blocking from the start: the connection to
/// baresip's `ctrl_tcp`. Connecting never waits: `init` starts it, and `connectionState` says,
/// without waiting, whether it is made yet. Owns its descriptor and closes it when dropped.
struct LoopbackSocket: ~Copyable {
    let descriptor: FileDescriptor

    /// Where a connection started with `init` stands.
    enum ConnectionState: Equatable {
        case connected
        /// The listener has not taken it yet (its queue is full, or the handshake is under way).
        case inProgress
        /// ECONNREFUSED when nothing listens there.
        case failed(Errno)
    }

    /// Starts connecting to `address`, without waiting; the errno when it failed at once.
    init(connectingTo address: BaresipControlAddress) throws(Errno) {
        let family = address.host == .ipv6Loopback ? AF_INET6 : AF_INET
        let descriptor: FileDescriptor
        switch Syscalls.tcpSocket(family: family) {
        case .success(let opened): descriptor = opened
        case .failure(let error): throw error
        }
        if case .failure(let error) = Self.startConnecting(descriptor, to: address) {
            SystemCall.close(descriptor)
            throw error
        }
        self.descriptor = descriptor
    }

    deinit {
        SystemCall.close(descriptor)
    }

    /// What one read of the socket gave.
    enum Received: Equatable {
        case bytes(Int)
        /// Nothing there now.
        case nothing
        /// The peer closed the connection.
        case closed
        case failed(Errno)
    }

    /// Reads what the socket holds into `buffer`, without waiting. (read)
    func receive(into buffer: UnsafeMutableRawBufferPointer) -> Received {
        switch SystemCall.read(descriptor, buffer) {
        case .success(0): .closed
        case .success(let count): .bytes(count)
        case .failure(let error) where error.rawValue == EAGAIN || error.rawValue == EWOULDBLOCK: .nothing
        case .failure(let error): .failed(error)
        }
    }

    /// Sends all of `bytes` now, or fails: with EAGAIN when the peer does not read and the
    /// socket's buffer is full (the connection is then of no use: what was sent is cut).
    func sendAll(_ bytes: [UInt8]) -> Result<Void, Errno> {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                switch Syscalls.send(descriptor, UnsafeRawBufferPointer(rebasing: buffer[offset...])) {
                case .success(let count): offset += count
                case .failure(let error): return .failure(error)
                }
            }
            return .success(())
        }
    }

    /// Whether the connection is made, without waiting: a socket becomes writable once the
    /// listener took the connection or it failed, and then its pending error says which.
    /// (poll with no timeout, getsockopt SO_ERROR)
    func connectionState() -> ConnectionState {
        switch Syscalls.waitWritable(descriptor, milliseconds: 0) {
        case .failure(let error): return .failed(error)
        case .success(0): return .inProgress
        case .success: break
        }
        switch Syscalls.pendingError(descriptor) {
        case .failure(let error): return .failed(error)
        case .success(0): return .connected
        case .success(let error): return .failed(Errno(error))
        }
    }

    /// Makes the socket non-blocking and starts its connection. (fcntl, connect)
    private static func startConnecting(_ descriptor: FileDescriptor, to address: BaresipControlAddress) -> Result<Void, Errno> {
        if case .failure(let error) = Syscalls.setNonBlocking(descriptor) { return .failure(error) }
        switch withSocketAddress(address, { Syscalls.connect(descriptor, $0) }) {
        case .success: return .success(())
        case .failure(let error) where error.rawValue == EINPROGRESS: return .success(())
        case .failure(let error): return .failure(error)
        }
    }

    /// Calls `body` with `address` as a sockaddr_in or sockaddr_in6.
    private static func withSocketAddress<Result>(_ address: BaresipControlAddress, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        switch address.host {
        case .ipv4(let a, let b, let c, let d):
            var socketAddress = sockaddr_in()
            socketAddress.sin_family = sa_family_t(AF_INET)
            socketAddress.sin_port = address.port.bigEndian
            socketAddress.sin_addr.s_addr = (UInt32(a) << 24 | UInt32(b) << 16 | UInt32(c) << 8 | UInt32(d)).bigEndian
            return withUnsafeBytes(of: &socketAddress) { body($0) }
        case .ipv6Loopback:
            var socketAddress = sockaddr_in6()
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            socketAddress.sin6_port = address.port.bigEndian
            socketAddress.sin6_addr = in6addr_loopback
            return withUnsafeBytes(of: &socketAddress) { body($0) }
        }
    }
}
