// SPDX-License-Identifier: Apache-2.0

import Foundation
import Glibc
import SystemCalls
@testable import Telephony
import Testing

@Suite struct ModemPortTests {
    @Test func aFileThatIsNotATerminalIsRefused() {
        #expect(throws: ModemError(device: "/dev/null", operation: .configure, errno: Errno(ENOTTY))) {
            _ = try ModemPort(device: "/dev/null")
        }
        let message = ModemError(device: "/dev/ttyUSB2", operation: .open, errno: Errno(EACCES)).description
        #expect(message.contains("/dev/ttyUSB2") && message.contains("dialout"))
    }

    @Test(arguments: [9600, 115_200, 921_600])
    func supportedSpeeds(baud: Int) {
        #expect(ModemBaud(bitsPerSecond: baud)?.bitsPerSecond == baud)
    }

    @Test(arguments: [0, 300, 12345, 1_000_000])
    func unsupportedSpeeds(baud: Int) {
        #expect(ModemBaud(bitsPerSecond: baud) == nil)
    }

    @Test(arguments: [
        ("OK", FinalResultCode?.some(.ok)),
        (" ok ", .ok),
        ("CONNECT 9600", .connect),
        ("RING", nil),
        ("+CREG: 1,\"00C3\"", nil),
        ("^BOOT:1,0,0,0,75", nil),
        ("", nil),
        ("+CMS ERROR: 500", .error("+CMS ERROR: 500")),
    ])
    func linesAreClassified(line: String, code: FinalResultCode?) {
        switch ModemLine(line) {
        case .final(let found): #expect(found == code)
        case .other: #expect(code == nil)
        }
    }

    /// /proc/locks as the kernel writes it: waiters (`->`) are not holders, and the device's
    /// numbers are hexadecimal.
    @Test(arguments: [
        ("1: FLOCK  ADVISORY  WRITE 4242 00:05:567 0 EOF\n", Int32?.some(4242)),
        ("1: POSIX  ADVISORY  WRITE 17 08:02:99 0 EOF\n2: FLOCK  ADVISORY  WRITE 4242 00:05:567 0 EOF\n", 4242),
        ("1: FLOCK  ADVISORY  WRITE 4242 00:05:568 0 EOF\n", nil),
        ("1: FLOCK  ADVISORY  WRITE 4242 00:15:567 0 EOF\n", nil),
        ("1: -> FLOCK  ADVISORY  WRITE 99 00:05:567 0 EOF\n", nil),
        ("garbage\n1: FLOCK\n", nil),
    ])
    func aLockHolderIsReadFromProcLocks(locks: String, holder: Int32?) {
        #expect(ModemPortHolder.lockHolder(in: locks, device: 5, inode: 567) == holder)
    }

    @Test(arguments: [("      4242\n", Int32?.some(4242)), ("4242", 4242), ("", nil), ("-1\n", nil), ("12ab\n", nil), ("\u{0}\u{0}\u{10}\u{92}", nil)])
    func aUUCPLockFileHoldsAPID(text: String, pid: Int32?) {
        #expect(ModemPortHolder.uucpLockPID(text) == pid)
    }

    /// minicom's lock file: honoured while its process lives, stale once it is gone.
    @Test func aUUCPLockOfALiveProcessIsHonouredAndAStaleOneIsNot() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("t9dial-lock-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lock = folder + "/LCK..null"
        try "\(String(repeating: " ", count: 6))\(getppid())\n".write(toFile: lock, atomically: true, encoding: .utf8)
        #expect(ModemPortHolder.uucpHolder(of: "/dev/null", folder: folder)?.pid == getppid())
        try "4194305\n".write(toFile: lock, atomically: true, encoding: .utf8)
        #expect(ModemPortHolder.uucpHolder(of: "/dev/null", folder: folder) == nil, "no such process: stale")
        try "\(getpid())\n".write(toFile: lock, atomically: true, encoding: .utf8)
        #expect(ModemPortHolder.uucpHolder(of: "/dev/null", folder: folder) == nil, "this process's own")
    }

    @Test func aHeldPortSaysWhoHasIt() {
        let held = ModemError(device: "/dev/ttyUSB2", operation: .lock, errno: Errno(EWOULDBLOCK), holder: ModemPortHolder(pid: 812, command: "t9dial"))
        #expect(
            held.description
                == "/dev/ttyUSB2 is in use: t9dial (pid 812) has it open; stop that t9dial (the service: sudo systemctl stop t9dial) or give this one another port"
        )
        let unknown = ModemError(device: "/dev/ttyUSB2", operation: .lock, errno: Errno(EBUSY))
        #expect(unknown.description == "/dev/ttyUSB2 is in use: another program has it open; stop it or give t9dial another port")
    }
}
