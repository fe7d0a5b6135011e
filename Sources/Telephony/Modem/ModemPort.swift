// SPDX-License-Identifier: Apache-2.0

import Glibc
import SystemCalls
public import struct SystemPackage.FileDescriptor

/// An AT modem's serial port (`/dev/ttyUSB2`, `/dev/ttyACM0`), open, raw and non-blocking:
/// the caller polls `descriptor` and moves bytes with `readAvailable` and `writeAvailable`,
/// which never wait. Owns the descriptor and closes it when dropped.
///
/// The port is the line's alone: two programs on one AT port take each other's answers. It is
/// locked with `flock` (as picocom and other t9dials lock it) and made exclusive (`TIOCEXCL`:
/// no other open but root's), and a UUCP lock file of a live process (minicom's
/// `/run/lock/LCK..ttyUSB2`) is honoured. A port another program has is refused with who it
/// is, before anything is set or sent on it.
public struct ModemPort: ~Copyable {
    public let device: String
    /// The open port, for poll.
    public let descriptor: FileDescriptor

    /// Opens `device` (read-write, not as the controlling terminal, non-blocking, closed on
    /// exec), sets it raw at `baud`, and throws away whatever it had received before.
    public init(device: String, baud: ModemBaud = .standard) throws(ModemError) {
        if let holder = ModemPortHolder.uucpHolder(of: device) {
            throw ModemError(device: device, operation: .lock, errno: Errno(EBUSY), holder: holder)
        }
        let flags = O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC
        let opened: FileDescriptor
        switch SystemCall.open(device, flags) {
        case .success(let descriptor): opened = FileDescriptor(rawValue: descriptor)
        case .failure(let error) where error.rawValue == EBUSY:
            // TIOCEXCL of the program that has it.
            throw ModemError(device: device, operation: .lock, errno: error, holder: ModemPortHolder.flockHolder(of: device))
        case .failure(let error): throw ModemError(device: device, operation: .open, errno: error)
        }
        if case .failure(let error) = ModemSyscalls.lockExclusively(opened) {
            SystemCall.close(opened)
            guard error.rawValue == EWOULDBLOCK else { throw ModemError(device: device, operation: .lock, errno: error) }
            throw ModemError(device: device, operation: .lock, errno: error, holder: ModemPortHolder.flockHolder(of: device))
        }
        ModemSyscalls.openExclusively(opened)
        let configured = ModemSyscalls.terminalAttributes(opened).flatMap { ModemSyscalls.makeRaw(opened, $0, speed: baud.speed) }
        if case .failure(let error) = configured {
            SystemCall.close(opened)
            throw ModemError(device: device, operation: .configure, errno: error)
        }
        ModemSyscalls.discardPending(opened)
        self.device = device
        self.descriptor = opened
    }

    deinit {
        SystemCall.close(descriptor)
    }

    /// Reads what the port holds now, up to `limit` bytes, without waiting: empty when it has
    /// nothing, nil when the port has hung up (end of file: a USB modem unplugged). (read)
    public func readAvailable(limit: Int = 4096) throws(ModemError) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: min(512, max(1, limit)))
        while bytes.count < limit {
            let wanted = min(buffer.count, limit - bytes.count)
            let result = buffer.withUnsafeMutableBytes { SystemCall.read(descriptor, UnsafeMutableRawBufferPointer(rebasing: $0[..<wanted])) }
            switch result {
            case .success(0): return bytes.isEmpty ? nil : bytes
            case .success(let count): bytes.append(contentsOf: buffer[..<count])
            case .failure(let error) where error.rawValue == EAGAIN || error.rawValue == EINTR: return bytes
            case .failure(let error): throw ModemError(device: device, operation: .read, errno: error)
            }
        }
        return bytes
    }

    /// Writes what the port takes now of `bytes`, without waiting; returns how many it took
    /// (0 when it would block: flow control, or a full buffer). (write)
    public func writeAvailable(_ bytes: ArraySlice<UInt8>) throws(ModemError) -> Int {
        let result = bytes.withUnsafeBytes { SystemCall.write(descriptor, $0) }
        switch result {
        case .success(let count): return count
        case .failure(let error) where error.rawValue == EAGAIN || error.rawValue == EINTR: return 0
        case .failure(let error): throw ModemError(device: device, operation: .write, errno: error)
        }
    }
}
