// SPDX-License-Identifier: Apache-2.0

import CLinux
public import Foundation
import Synchronization

/// An AT modem on a pseudo-terminal, for tests: `device` is the pty's slave, which the code under
/// test opens as it would /dev/ttyUSB2; a thread on the master side answers as a modem does:
/// it echoes each command, sends unsolicited result codes (`RING`, `+CREG: ...`, `^BOOT:...`)
/// before answering, and answers `ATD` as `dialAnswer` says, after `delay`; `ATH` gets `OK`.
public final class FakeModem: Sendable {
    /// How the fake answers `ATD...;`.
    public enum Answer: Sendable {
        case reply(String)
        case silence
    }

    public let device: String
    private let master: Int32
    private let keeper: Int32
    private let stopped = Atomic<Bool>(false)
    private let received = Mutex<[String]>([])
    private let thread = Mutex<Thread?>(nil)

    public init(dialAnswer: Answer, delay: Duration = .milliseconds(150)) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        var name = [CChar](repeating: 0, count: 256)
        guard openpty(&master, &slave, &name, nil, nil) == 0 else { throw POSIXError(.ENODEV) }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        device = String(cString: name)
        self.master = master
        // Keeps the slave open between the dialer's opens, so the master never sees a hang-up.
        keeper = slave
        var raw = termios()
        tcgetattr(keeper, &raw)
        cfmakeraw(&raw)
        tcsetattr(keeper, TCSANOW, &raw)
        let modem = self
        let worker = Thread { modem.serve(dialAnswer: dialAnswer, delay: delay) }
        worker.start()
    }

    /// The commands received, in order.
    public var commands: [String] { received.withLock { $0 } }

    public func stop() {
        stopped.store(true, ordering: .relaxed)
    }

    deinit {
        close(keeper)
        close(master)
    }

    private func serve(dialAnswer: Answer, delay: Duration) {
        var line: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while !stopped.load(ordering: .relaxed) {
            var entry = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 20) > 0 else { continue }
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { usleep(10_000); continue }
            for byte in buffer[..<count] {
                write([byte])  // echo, character by character, as ATE1 does
                guard byte == 13 else { line.append(byte); continue }
                let command = String(decoding: line, as: UTF8.self)
                line.removeAll()
                received.withLock { $0.append(command) }
                respond(to: command, dialAnswer: dialAnswer, delay: delay)
            }
        }
    }

    private func respond(to command: String, dialAnswer: Answer, delay: Duration) {
        if command.uppercased().hasPrefix("ATD") {
            send("\r\nRING\r\n\r\n+CREG: 1,\"00C3\",\"0000A1B2\",7\r\n")
            Thread.sleep(forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
            send("^BOOT:12345,0,0,0,75\r\n\r\n")
            if case .reply(let code) = dialAnswer { send("\r\n\(code)\r\n") }
        } else {
            send("\r\nOK\r\n")
        }
    }

    private func send(_ text: String) { write(Array(text.utf8)) }

    private func write(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
    }
}
