// SPDX-License-Identifier: Apache-2.0

import Glibc
import InputEvents
import SystemCalls
import Telephony
import Testing
import struct SystemPackage.FileDescriptor

/// A line run as the dialer's loop runs it, for the tests of lines on real descriptors: woken
/// after a poll of its descriptors, or at its deadline, with the events it gave so far.
final class LineLoop {
    let line: any CallLine
    var events: [LineEvent] = []

    init(line: any CallLine) {
        self.line = line
    }

    static var now: Microseconds { SystemCall.monotonicMicroseconds() }

    /// Runs the line until `done` holds, or for `seconds` at the most (a bound on a broken
    /// test, not a limit on the line); returns whether `done` came to hold.
    func run(seconds: Int64, until done: () throws -> Bool) rethrows -> Bool {
        let giveUp = Self.now + seconds * 1_000_000
        while try !done() {
            let now = Self.now
            guard now < giveUp else { return false }
            let wait = min(line.nextDeadline ?? giveUp, giveUp, now + 100_000) - now
            var entries = line.descriptors.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
            _ = entries.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), Int32(max(0, wait / 1000) + 1)) }
            let readable = entries.filter { $0.revents != 0 }.map { FileDescriptor(rawValue: $0.fd) }
            events += line.wake(readable: readable, at: Self.now)
        }
        return true
    }

    /// The events about calls: not logs, problems nor the line's state.
    var callEvents: [LineEvent] {
        events.filter {
            switch $0 {
            case .log, .problem, .lineState: false
            default: true
            }
        }
    }
}

/// A test's line with what drives it: the events so far, waits for them, and how long a wait
/// may take at the most (a bound on a broken test, not a limit on the line).
protocol LineRig: AnyObject {
    var loop: LineLoop { get }
    /// The longest a `run` waits, in seconds.
    var patience: Int64 { get }
}

extension LineRig {
    static var now: Microseconds { LineLoop.now }

    var events: [LineEvent] {
        get { loop.events }
        set { loop.events = newValue }
    }

    var callEvents: [LineEvent] { loop.callEvents }

    /// Runs the line until `done` holds, or for `patience` at the most; whether it came to hold.
    @discardableResult
    func run(until done: () throws -> Bool) rethrows -> Bool { try loop.run(seconds: patience, until: done) }

    /// Runs the line until it has said `event`.
    @discardableResult
    func run(untilSaid event: LineEvent) -> Bool { run { self.events.contains(event) } }
}

extension CallLine {
    /// Dials `written`, prepared as the dialer prepares every number (`DialNumber`).
    func dial(_ written: String, at now: Microseconds) -> [LineEvent] {
        do {
            return dial(try DialNumber(written), name: nil, at: now)
        } catch {
            Issue.record("not a number to dial: \(error)")
            return []
        }
    }
}

extension ModemCallTracker {
    /// Dials `written`, prepared as the dialer prepares every number (`DialNumber`).
    mutating func dial(_ written: String, at now: Microseconds) -> Step {
        do {
            return dial(try DialNumber(written), at: now)
        } catch {
            Issue.record("not a number to dial: \(error)")
            return advance(to: now)
        }
    }
}
