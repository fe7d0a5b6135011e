// SPDX-License-Identifier: Apache-2.0

import SystemCalls
import TerminalText

/// Who holds a modem's port that t9dial cannot have, for the message that says so: the process
/// holding its `flock` (from `/proc/locks`), or the one named by a UUCP lock file
/// (`/run/lock/LCK..ttyUSB2`, which minicom and other serial programs write).
public struct ModemPortHolder: Sendable, Hashable, CustomStringConvertible {
    public var pid: Int32
    /// The program's name (`/proc/PID/comm`), when it can be read.
    public var command: String?

    public init(pid: Int32, command: String?) {
        self.pid = pid
        self.command = command
    }

    /// "t9dial (pid 1234)", or "pid 1234" when the name cannot be read.
    public var description: String {
        guard let command, !command.isEmpty else { return "pid \(pid)" }
        return "\(VisibleText.line(command)) (pid \(pid))"
    }

    /// The folder of UUCP lock files (Debian's /var/lock is a link to it).
    static let uucpLockFolder = "/run/lock"
    /// The most of /proc/locks read: a line a lock, and a board holds a few hundred at most.
    static let locksLimit = 1 << 20
    /// The most of a lock file read: it holds a PID, ten characters and a newline.
    static let lockFileLimit = 128

    // MARK: Finding the holder

    /// The process whose `flock` is on `path`'s file (this one too: another open of the port in
    /// this process holds it as firmly).
    static func flockHolder(of path: String) -> ModemPortHolder? {
        guard let identity = ModemSyscalls.fileIdentity(path),
            let text = try? RegularFile.read("/proc/locks", maxBytes: locksLimit)
        else { return nil }
        let pid = lockHolder(in: String(decoding: text, as: UTF8.self), device: identity.device, inode: identity.inode)
        return pid.map { ModemPortHolder(pid: $0, command: command(of: $0)) }
    }

    /// The live process a UUCP lock file names for the tty `path` (after its links), if any
    /// and not `exceptPID`; a lock file of a process that is gone is stale and means nothing.
    static func uucpHolder(of path: String, except exceptPID: Int32 = ModemSyscalls.processID(), folder: String = uucpLockFolder) -> ModemPortHolder? {
        guard let name = ttyName(path),
            let text = try? RegularFile.read(folder + "/LCK.." + name, maxBytes: lockFileLimit),
            let pid = uucpLockPID(String(decoding: text, as: UTF8.self)), pid != exceptPID, ModemSyscalls.isAlive(pid)
        else { return nil }
        return ModemPortHolder(pid: pid, command: command(of: pid))
    }

    // MARK: Reading what the kernel and lock files say

    /// The PID of the first lock in `locks` (the text of /proc/locks) held on the file at
    /// `device` and `inode`, not counting waiters (`->`).
    ///
    ///     1: FLOCK  ADVISORY  WRITE 1234 00:05:567 0 EOF
    ///
    /// The device is the major and minor numbers in hexadecimal, the inode in decimal.
    static func lockHolder(in locks: String, device: UInt64, inode: UInt64) -> Int32? {
        let wanted = String(major(device), radix: 16) + ":" + String(minor(device), radix: 16) + ":" + String(inode)
        for line in locks.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1] != "->", let pid = Int32(fields[4]) else { continue }
            // "00:05:567": the numbers may be padded with zeros.
            let parts = fields[5].split(separator: ":")
            guard parts.count == 3, let major = UInt64(parts[0], radix: 16), let minor = UInt64(parts[1], radix: 16) else { continue }
            if String(major, radix: 16) + ":" + String(minor, radix: 16) + ":" + parts[2] == wanted { return pid }
        }
        return nil
    }

    /// The PID a UUCP lock file holds: ASCII digits with blanks around them (the HDB form);
    /// nil for anything else.
    static func uucpLockPID(_ text: String) -> Int32? {
        let kept = text.trimmingBlanks()
        guard !kept.isEmpty, kept.allSatisfy({ $0.isASCII && $0.isNumber }), let pid = Int32(kept), pid > 0 else { return nil }
        return pid
    }

    /// The tty's own name, after links (`/dev/serial/by-id/usb-…-if02` is `ttyUSB2`).
    static func ttyName(_ path: String) -> String? {
        ModemSyscalls.resolvedPath(path)?.split(separator: "/").last.map(String.init)
    }

    private static func command(of pid: Int32) -> String? {
        guard let text = try? RegularFile.read("/proc/\(pid)/comm", maxBytes: lockFileLimit) else { return nil }
        return String(decoding: text, as: UTF8.self).trimmingBlanks()
    }

    /// glibc's gnu_dev_major and gnu_dev_minor, which do not import.
    private static func major(_ device: UInt64) -> UInt64 { ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff) }
    private static func minor(_ device: UInt64) -> UInt64 { (device & 0xff) | ((device >> 12) & ~0xff) }
}
