// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import Glibc
import SystemCalls

/// An AT modem's serial port (`/dev/ttyUSB2`, `/dev/ttyACM0`), open and in raw mode: commands go
/// out ending in CR, and answers are read line by line until a final result code, skipping the
/// command's echo and unsolicited result codes, within a time-out. Owns the descriptor and
/// closes it when dropped.
public struct ModemPort: ~Copyable {
    public let device: String
    private let descriptor: Int32
    /// Bytes read and not yet part of a whole line.
    private var pending: [UInt8] = []
    /// Every line the modem sent (echo and URCs included) and every command sent, prefixed
    /// "> ", for the log.
    public private(set) var transcript: [String] = []

    /// Opens `device` (read-write, not as the controlling terminal, non-blocking, closed on
    /// exec), sets it raw at `baud`, and throws away whatever it had received before.
    public init(device: String, baud: ModemBaud = .standard) throws(ModemError) {
        let flags = O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC
        let opened: Int32
        switch SystemCall.open(device, flags) {
        case .success(let descriptor): opened = descriptor
        case .failure(let error): throw ModemError(device: device, operation: .open, errno: error)
        }
        let configured = Syscalls.terminalAttributes(opened).flatMap { Syscalls.makeRaw(opened, $0, speed: baud.speed) }
        if case .failure(let error) = configured {
            SystemCall.close(opened)
            throw ModemError(device: device, operation: .configure, errno: error)
        }
        Syscalls.discardPending(opened)
        self.device = device
        self.descriptor = opened
    }

    deinit {
        SystemCall.close(descriptor)
    }

    /// Sends `command` followed by CR, within `timeout` (a port with flow control stopped
    /// can refuse to take it).
    public mutating func send(_ command: String, timeout: Duration = .seconds(2)) throws(ModemError) {
        transcript.append("> " + command)
        let bytes = Array((command + "\r").utf8)
        let deadline = Deadline(after: timeout)
        var sent = 0
        while sent < bytes.count {
            let result = bytes[sent...].withUnsafeBytes { SystemCall.write(descriptor, $0) }
            switch result {
            case .success(let count): sent += count
            case .failure(let error) where error.rawValue == EAGAIN:
                guard !deadline.hasPassed else { throw ModemError(device: device, operation: .write, errno: error) }
                _ = Syscalls.poll(descriptor, Int16(POLLOUT), milliseconds: deadline.millisecondsLeft)
            case .failure(let error):
                throw ModemError(device: device, operation: .write, errno: error)
            }
        }
    }

    /// Reads lines until a final result code or `timeout`; returns the code, or nil on a
    /// time-out. Lines equal to `echo` (the command as sent, which a modem with echo on sends
    /// back) and every other line are skipped, and kept in `transcript`.
    public mutating func readFinalResult(timeout: Duration, echo: String? = nil) throws(ModemError) -> FinalResultCode? {
        let deadline = Deadline(after: timeout)
        while true {
            while let line = takeLine() {
                if line.isEmpty { continue }
                transcript.append(line)
                if let echo, line.trimmingWhitespace.uppercased() == echo.uppercased() { continue }
                if case .final(let code) = ModemLine(line) { return code }
            }
            if deadline.hasPassed { return nil }
            let events: Int16
            switch Syscalls.poll(descriptor, Int16(POLLIN), milliseconds: deadline.millisecondsLeft) {
            case .success(let came): events = came
            case .failure(let error): throw ModemError(device: device, operation: .read, errno: error)
            }
            if events & Int16(POLLIN) != 0 || events & Int16(POLLHUP | POLLERR) != 0 {
                try readAvailable()
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

    /// Moves what the port holds now into `pending`.
    private mutating func readAvailable() throws(ModemError) {
        var buffer = [UInt8](repeating: 0, count: 512)
        while true {
            let result = buffer.withUnsafeMutableBytes { SystemCall.read(descriptor, $0) }
            switch result {
            case .success(0): return
            case .success(let count): pending.append(contentsOf: buffer[..<count])
            case .failure(let error) where error.rawValue == EAGAIN: return
            case .failure(let error): throw ModemError(device: device, operation: .read, errno: error)
            }
        }
    }

    /// The next whole line of `pending` (ended by CR or LF), without its end; "" for the empty
    /// lines between CR LF pairs.
    private mutating func takeLine() -> String? {
        guard let end = pending.firstIndex(where: { $0 == 13 || $0 == 10 }) else { return nil }
        let line = String(decoding: pending[..<end], as: UTF8.self)
        pending.removeFirst(end + 1)
        return line
    }
}
