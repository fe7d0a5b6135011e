// SPDX-License-Identifier: Apache-2.0

import EvdevTestSupport
import Glibc
@testable import ProcessLoop
import Synchronization
import Testing
import SystemCalls
import InputEvents
import struct SystemPackage.FileDescriptor

@Suite("The event loop")
struct EventLoopTests {
    @Test(
        "The poll timeout ends at the deadline, rounded up to whole milliseconds",
        arguments: [
            (nil, 5_000, -1),
            (5_000, 5_000, 0),
            (4_000, 5_000, 0),
            (5_001, 5_000, 1),
            (6_000, 5_000, 1),
            (6_500, 5_000, 2),
            (805_000, 5_000, 800),
            (Int64.max, 0, Int32.max),
            (Int64.max, -5, Int32.max),
            (Int64.min, 5, 0),
        ] as [(Microseconds?, Microseconds, Int32)]
    )
    func timeout(deadline: Microseconds?, now: Microseconds, expected: Int32) {
        #expect(EventLoop.timeout(until: deadline, now: now) == expected)
    }

    @Test("With no deadline poll gets no timeout; with one it gets the time left, and reports the deadline")
    func pollIsGivenTheDeadline() throws {
        let clock = ManualClock(1_000_000)
        let timeouts = Mutex<[Int32]>([])
        let loop = EventLoop(clock: clock.clock) { descriptors, count, timeout in
            timeouts.withLock { $0.append(timeout) }
            if timeout < 0, let descriptors, count > 0 {
                descriptors[0].revents = Int16(POLLIN)
                return .success(1)
            }
            clock.set(clock.now + Microseconds(timeout) * 1_000)
            return .success(0)
        }
        let input = [EventLoop.Source("input", FileDescriptor(rawValue: 0))]
        #expect(try loop.wait(for: input, until: nil) == EventLoop.Wakeup(time: 1_000_000, ready: [.init("input")], deadlinePassed: false))
        #expect(try loop.wait(for: input, until: 1_250_500) == EventLoop.Wakeup(time: 1_251_000, ready: [], deadlinePassed: true))
        #expect(try loop.wait(for: input, until: 1_000_000) == EventLoop.Wakeup(time: 1_251_000, ready: [], deadlinePassed: true))
        // Each wait looks once more without waiting (timeout 0) after poll returned.
        #expect(timeouts.withLock { $0 } == [-1, 0, 251, 0, 0, 0])
    }

    /// The wake-up's time is taken when poll returns; a look without waiting then finds what
    /// arrived in between, so nothing stamped before that time is left unread.
    @Test("What arrives between poll's return and the wake-up's time is in the wake-up")
    func lookAgainAfterTheTime() throws {
        let clock = ManualClock(5_000)
        let calls = Mutex(0)
        let loop = EventLoop(clock: clock.clock) { descriptors, count, timeout in
            let call = calls.withLock {
                $0 += 1; return $0
            }
            if call == 1 {
                // Poll times out at the deadline, with nothing ready yet.
                clock.set(10_000)
                return .success(0)
            }
            // Then a key arrives, just before the loop reads the time... and is seen.
            #expect(timeout == 0)
            if let descriptors, count > 1 { descriptors[1].revents = Int16(POLLIN) }
            return .success(1)
        }
        let wakeup = try loop.wait(
            for: [EventLoop.Source("hotplug", FileDescriptor(rawValue: 7)), EventLoop.Source("device", FileDescriptor(rawValue: 3))], until: 10_000)
        #expect(wakeup == EventLoop.Wakeup(time: 10_000, ready: [.init("device", readable: true, hungUp: false)], deadlinePassed: true))
    }

    @Test("A signal interrupting poll is not an error: it polls again with the time left")
    func interrupted() throws {
        let clock = ManualClock(0)
        let calls = Mutex<[Int32]>([])
        let loop = EventLoop(clock: clock.clock) { _, _, timeout in
            let count = calls.withLock {
                $0.append(timeout); return $0.count
            }
            if count == 1 {
                clock.set(4_000)
                return .failure(Errno(EINTR))
            }
            clock.set(10_000)
            return .success(0)
        }
        let wakeup = try loop.wait(for: [EventLoop.Source<String>](), until: 10_000)
        #expect(wakeup.ready.isEmpty && wakeup.deadlinePassed)
        #expect(calls.withLock { $0 } == [10, 6, 0])
    }

    @Test("A poll failure is an error that says what failed")
    func failure() {
        let loop = EventLoop(clock: ManualClock(0).clock) { _, _, _ in .failure(Errno(ENOMEM)) }
        #expect {
            _ = try loop.wait(for: [EventLoop.Source("input", FileDescriptor(rawValue: 0))], until: nil)
        } throws: { error in
            (error as? LoopError)?.message == "waiting for keys and timers (poll) failed: Cannot allocate memory (ENOMEM); the system is out of memory"
        }
    }

    @Test("Real pipes: data is readable, a closed writer is hung up, an idle loop reaches its deadline")
    func realPoll() throws {
        let loop = EventLoop()
        let device = try FakeEvdevPipe()
        let input = try FakeEvdevPipe()
        try input.send([.report(at: 0)])
        let both = [EventLoop.Source("device", FileDescriptor(rawValue: device.readEnd)), EventLoop.Source("input", FileDescriptor(rawValue: input.readEnd))]
        #expect(try loop.wait(for: both, until: nil).ready == [.init("input")])

        try device.send([.report(at: 0)])
        device.hangUp()
        let ready = try loop.wait(for: [EventLoop.Source("device", FileDescriptor(rawValue: device.readEnd))], until: nil).ready
        #expect(ready == [.init("device", readable: true, hungUp: true)])

        let idle = try FakeEvdevPipe()
        let deadline = MonotonicClock.system.now() + 20_000
        let wakeup = try loop.wait(for: [EventLoop.Source("idle", FileDescriptor(rawValue: idle.readEnd))], until: deadline)
        #expect(wakeup.ready.isEmpty && wakeup.deadlinePassed)
        #expect(MonotonicClock.system.now() >= deadline)
    }
}
