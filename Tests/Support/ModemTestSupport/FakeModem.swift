// SPDX-License-Identifier: Apache-2.0

import CLinux
import Foundation
import Synchronization

/// An AT modem on a pseudo-terminal, for tests: `device` is the pty's slave, which the code under
/// test opens as it would /dev/ttyUSB2; a thread on the master side answers as a modem does,
/// echoing each command character by character (ATE1).
///
/// Made with `dialAnswer`, it answers a one-shot dial: it sends unsolicited result codes
/// (`RING`, `+CREG: ...`, `^BOOT:...`) before answering `ATD` as `dialAnswer` says, after
/// `delay`; any other command gets `OK`.
///
/// Made with `scripted()`, it is a modem a test plays: `ATD` and every other command get `OK`,
/// `AT+CLCC` lists `calls` first; `reply(to:with:)` gives the next command that starts with a
/// prefix other lines instead, `send` sends lines unasked (`RING`, `+CLIP: ...`, `NO CARRIER`),
/// and `unplug` closes the master as a USB modem's port goes.
public final class FakeModem: Sendable {
    /// How the fake answers `ATD...;`.
    public enum Answer: Sendable {
        case reply(String)
        case silence
    }

    private enum Mode: Sendable {
        case oneShot(Answer, delay: Duration)
        case scripted
    }

    private struct Script: Sendable {
        var calls: [String] = []
        var replies: [(prefix: String, lines: [String])] = []
    }

    public let device: String
    private let master: Int32
    private let keeper: Int32
    private let mode: Mode
    private let stopped = Atomic<Bool>(false)
    private let unplugged = Atomic<Bool>(false)
    private let received = Mutex<[String]>([])
    private let script = Mutex(Script())
    /// Serialises writes to the master: the serving thread's and `send`'s.
    private let writing = Mutex(())

    public convenience init(dialAnswer: Answer, delay: Duration = .milliseconds(150)) throws {
        try self.init(mode: .oneShot(dialAnswer, delay: delay))
    }

    /// A modem the test plays (see the type's comment).
    public static func scripted() throws -> FakeModem {
        try FakeModem(mode: .scripted)
    }

    private init(mode: Mode) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        var name = [CChar](repeating: 0, count: 256)
        guard openpty(&master, &slave, &name, nil, nil) == 0 else { throw POSIXError(.ENODEV) }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        device = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        self.master = master
        self.mode = mode
        // Keeps the slave open between the dialer's opens, so the master never sees a hang-up.
        keeper = slave
        var raw = termios()
        tcgetattr(keeper, &raw)
        cfmakeraw(&raw)
        tcsetattr(keeper, TCSANOW, &raw)
        let modem = self
        let worker = Thread { modem.serve() }
        worker.start()
    }

    /// The commands received, in order.
    public var commands: [String] { received.withLock { $0 } }

    /// The `+CLCC:` lines `AT+CLCC` lists from now on, e.g. `+CLCC: 1,0,3,0,0,"5551234",129`.
    public func setCalls(_ lines: [String]) {
        script.withLock { $0.calls = lines }
    }

    /// The next command that starts with `prefix` (in capitals) gets `lines` instead of its
    /// usual answer; no lines: it goes unanswered.
    public func reply(to prefix: String, with lines: [String]) {
        script.withLock { $0.replies.append((prefix, lines)) }
    }

    /// Sends `lines` unasked, each framed in CR LF as a modem frames its result codes.
    public func send(_ lines: String...) {
        for line in lines { transmit("\r\n\(line)\r\n") }
    }

    /// Closes the master: the port's reads and writes fail from now on, and it cannot be
    /// opened again, as a USB modem that is unplugged.
    public func unplug() {
        writing.withLock { _ in
            guard !unplugged.exchange(true, ordering: .relaxed) else { return }
            close(master)
        }
    }

    public func stop() {
        stopped.store(true, ordering: .relaxed)
    }

    deinit {
        close(keeper)
        if !unplugged.load(ordering: .relaxed) { close(master) }
    }

    private func serve() {
        var line: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while !stopped.load(ordering: .relaxed), !unplugged.load(ordering: .relaxed) {
            var entry = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 20) > 0, !unplugged.load(ordering: .relaxed) else { continue }
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { usleep(10_000); continue }
            for byte in buffer[..<count] {
                write([byte])  // echo, character by character, as ATE1 does
                guard byte == 13 else { line.append(byte); continue }
                let command = String(decoding: line, as: UTF8.self)
                line.removeAll()
                received.withLock { $0.append(command) }
                respond(to: command)
            }
        }
    }

    private func respond(to command: String) {
        let upper = command.uppercased()
        switch mode {
        case .oneShot(let dialAnswer, let delay) where upper.hasPrefix("ATD"):
            transmit("\r\nRING\r\n\r\n+CREG: 1,\"00C3\",\"0000A1B2\",7\r\n")
            Thread.sleep(forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
            transmit("^BOOT:12345,0,0,0,75\r\n\r\n")
            if case .reply(let code) = dialAnswer { transmit("\r\n\(code)\r\n") }
        case .oneShot:
            transmit("\r\nOK\r\n")
        case .scripted:
            let answer = script.withLock { script -> [String] in
                if let found = script.replies.firstIndex(where: { upper.hasPrefix($0.prefix) }) {
                    return script.replies.remove(at: found).lines
                }
                return upper == "AT+CLCC" ? script.calls + ["OK"] : ["OK"]
            }
            for line in answer { transmit("\r\n\(line)\r\n") }
        }
    }

    private func transmit(_ text: String) { write(Array(text.utf8)) }

    private func write(_ bytes: [UInt8]) {
        writing.withLock { _ in
            guard !unplugged.load(ordering: .relaxed) else { return }
            _ = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
        }
    }
}
