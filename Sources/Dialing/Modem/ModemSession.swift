// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import Glibc
import SystemCalls
public import Telephony

/// A modem's port used the one-shot way, as the `modem` method dials: a command sent, then
/// its final result code waited for, skipping the command's echo and unsolicited result codes,
/// within a time-out. Blocks: run it through `BackgroundDial`, never on the loop.
public struct ModemSession: ~Copyable {
    private let port: ModemPort
    private var reader = ModemLineReader()
    /// Every line the modem sent (echo and URCs included) and every command sent, prefixed
    /// "> ", for the log.
    public private(set) var transcript: [String] = []

    /// Opens `device` as `ModemPort` does.
    public init(device: String, baud: ModemBaud = .standard) throws(ModemError) {
        port = try ModemPort(device: device, baud: baud)
    }

    /// Sends `command` followed by CR, within `timeout` (a port with flow control stopped
    /// can refuse to take it).
    public mutating func send(_ command: String, timeout: Duration = .seconds(2)) throws(ModemError) {
        transcript.append("> " + command)
        let bytes = Array((command + "\r").utf8)
        let deadline = Deadline(after: timeout)
        var sent = 0
        while sent < bytes.count {
            let count = try port.writeAvailable(bytes[sent...])
            sent += count
            guard count == 0 else { continue }
            guard !deadline.hasPassed else { throw ModemError(device: port.device, operation: .write, errno: Errno(EAGAIN)) }
            _ = Syscalls.poll(port.descriptor, Int16(POLLOUT), milliseconds: deadline.millisecondsLeft)
        }
    }

    /// Reads lines until a final result code or `timeout`; returns the code, or nil on a
    /// time-out. Lines equal to `echo` (the command as sent, which a modem with echo on sends
    /// back) and every other line are skipped, and kept in `transcript`.
    public mutating func readFinalResult(timeout: Duration, echo: String? = nil) throws(ModemError) -> FinalResultCode? {
        let deadline = Deadline(after: timeout)
        var lines: [ModemLineReader.Item] = []
        while true {
            for case .line(let line) in lines {
                transcript.append(line)
                if let echo, line.trimmingWhitespace.uppercased() == echo.uppercased() { continue }
                if case .final(let code) = ModemLine(line) { return code }
            }
            if deadline.hasPassed { return nil }
            let events: Int16
            switch Syscalls.poll(port.descriptor, Int16(POLLIN), milliseconds: deadline.millisecondsLeft) {
            case .success(let came): events = came
            case .failure(let error): throw ModemError(device: port.device, operation: .read, errno: error)
            }
            lines = []
            if events & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                // The end of a tty is a port that hung up: a USB modem unplugged.
                guard let bytes = try port.readAvailable() else { throw ModemError(device: port.device, operation: .read, errno: Errno(EIO)) }
                lines = reader.append(bytes)
            }
        }
    }

    /// Sends `command` and waits for its final result code; nil on a time-out.
    public mutating func command(_ command: String, timeout: Duration) throws(ModemError) -> FinalResultCode? {
        try send(command)
        return try readFinalResult(timeout: timeout, echo: command)
    }

    /// Hangs up (`ATH`) and waits for its answer; nil when the modem said nothing in time.
    public mutating func hangUp(timeout: Duration = .seconds(5)) throws(ModemError) -> FinalResultCode? {
        try command("ATH", timeout: timeout)
    }
}
