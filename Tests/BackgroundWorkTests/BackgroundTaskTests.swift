// SPDX-License-Identifier: Apache-2.0

import BackgroundWork
import Foundation
import Glibc
import Synchronization
import Testing
import struct SystemPackage.FileDescriptor

@Suite("Background task")
struct BackgroundTaskTests {
    /// Blocks a task's work until the test opens it: a pipe the work reads one byte from.
    final class Gate: Sendable {
        let ends: (read: Int32, write: Int32)

        init() {
            var fds: [Int32] = [-1, -1]
            precondition(pipe(&fds) == 0, "a test needs a pipe")
            ends = (fds[0], fds[1])
        }

        deinit {
            close(ends.read)
            close(ends.write)
        }

        func wait() {
            var byte: UInt8 = 0
            _ = read(ends.read, &byte, 1)
        }

        func open() {
            var byte: UInt8 = 1
            _ = write(ends.write, &byte, 1)
        }
    }

    /// Whether `descriptor` is readable within a generous time (it is expected to be).
    func becomesReadable(_ descriptor: FileDescriptor) -> Bool {
        var entry = pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 60_000) == 1 && entry.revents & Int16(POLLIN) != 0
    }

    func isReadableNow(_ descriptor: FileDescriptor) -> Bool {
        var entry = pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 1
    }

    @Test func theResultComesWhenTheDescriptorIsReadable() throws {
        let gate = Gate()
        let task = try BackgroundTask(name: "t9dial-test") { () -> [String] in
            gate.wait()
            return ["done"]
        }
        #expect(task.result() == nil)
        #expect(!isReadableNow(task.readinessDescriptor))
        gate.open()
        #expect(becomesReadable(task.readinessDescriptor))
        #expect(task.result() == ["done"])
        #expect(task.waitForResult() == ["done"])
    }

    @Test func waitingBlocksUntilTheResult() throws {
        let task = try BackgroundTask(name: "t9dial-test") { 6 * 7 }
        #expect(task.waitForResult() == 42)
        #expect(isReadableNow(task.readinessDescriptor))
    }

    @Test func aTaskDroppedWhileItWorksFinishesUnseen() throws {
        let started = Gate()
        let finish = Gate()
        let finished = Gate()
        do {
            let task = try BackgroundTask(name: "t9dial-test") { () -> Int in
                started.open()
                finish.wait()
                return 1
            }
            started.wait()
            _ = task.readinessDescriptor
        }  // dropped here: its descriptor is closed while the work runs
        // A descriptor opened now may take the dropped one's number; the work must not write it.
        let other = Gate()
        let after = try BackgroundTask(name: "t9dial-test") { () -> Int in
            finished.wait()
            return 2
        }
        finish.open()
        // The dropped task's thread has written to its own end, unseen, with no SIGPIPE.
        let marker = try BackgroundTask(name: "t9dial-test") { 3 }
        #expect(marker.waitForResult() == 3)
        #expect(!isReadableNow(FileDescriptor(rawValue: other.ends.read)))
        #expect(after.result() == nil)
        finished.open()
        #expect(after.waitForResult() == 2)
    }

    @Test("the thread carries its name where the kernel shows it (top -H, /proc), cut to 15 bytes")
    func theThreadIsNamed() throws {
        let task = try BackgroundTask(name: "t9dial-test-a-long-name") { () -> String in
            guard let file = fopen("/proc/thread-self/comm", "r") else { return "no /proc/thread-self/comm" }
            defer { fclose(file) }
            var name = [CChar](repeating: 0, count: 64)
            guard fgets(&name, Int32(name.count), file) != nil else { return "unreadable" }
            return String(cString: name).trimmingCharacters(in: .newlines)
        }
        #expect(task.waitForResult() == "t9dial-test-a-l")
    }
}
