// SPDX-License-Identifier: Apache-2.0

import Glibc
import InputEvents
import SystemCalls
import struct SystemPackage.FileDescriptor

extension ModemManagerLine {
    /// What ModemManager says of `modem` on `bus`, for `t9dial doctor`: nil when it is ready for
    /// calls, else the problem a line would show (ModemManager not running, no modem with voice
    /// calls, the modem disabled or its SIM locked). Looks only: a disabled modem stays so.
    /// Waits up to `seconds` for ModemManager's answer, so never on the dialer's loop.
    public static func survey(modem: String = "any", bus: Bus = .system, seconds: Int64 = 5) -> String? {
        let line = ModemManagerLine(modem: modem, bus: bus, enablesModem: false)
        defer { line.stop() }
        let giveUp = SystemCall.monotonicMicroseconds().addingSaturated(seconds * 1_000_000)
        _ = line.start(at: SystemCall.monotonicMicroseconds())
        while line.isAsking, !line.descriptors.isEmpty {
            let now = SystemCall.monotonicMicroseconds()
            guard now < giveUp else { return "ModemManager did not list its modems within \(seconds) s" }
            let wait = min(line.nextDeadline ?? giveUp, giveUp) - now
            var entries = line.descriptors.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
            _ = entries.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), Int32(max(0, wait / 1000) + 1)) }
            let readable = entries.filter { $0.revents != 0 }.map { FileDescriptor(rawValue: $0.fd) }
            _ = line.wake(readable: readable, at: SystemCall.monotonicMicroseconds())
        }
        return line.problem
    }
}
