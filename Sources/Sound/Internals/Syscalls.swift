// SPDX-License-Identifier: Apache-2.0

import Glibc
import SystemCalls

/// The libc calls of the Sound module beyond SystemCalls', one small wrapper each.
enum Syscalls {
    /// Lowers the calling thread's priority to `nice` (only this thread: Linux's
    /// setpriority with who 0 is per thread). Raising a nice value is always allowed, so a
    /// failure is only ignored. (setpriority)
    static func lowerThreadPriority(to nice: Int32) {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice)
    }

    /// The event types (`type` 0) or the codes of one type a device reports, as a bit mask of
    /// `bytes` bytes. (ioctl EVIOCGBIT)
    static func eventBits(_ descriptor: Int32, type: Int, bytes: Int) -> Result<[UInt8], Errno> {
        // _IOC(_IOC_READ, 'E', 0x20 + type, bytes), from <linux/input.h>.
        let request = UInt(2) << 30 | UInt(bytes) << 16 | UInt(UInt8(ascii: "E")) << 8 | UInt(0x20 + type)
        var bits = [UInt8](repeating: 0, count: bytes)
        return SystemCall.retryingInterrupts { bits.withUnsafeMutableBytes { ioctl(descriptor, request, $0.baseAddress!) } }.map { _ in bits }
    }

    /// Writes every byte at offset 0, as a sysfs attribute takes a new value. (pwrite)
    static func writeAtStart(_ descriptor: Int32, _ bytes: [UInt8]) -> Result<Int, Errno> {
        SystemCall.retryingInterrupts { bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) } }
    }
}
