// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import EvdevTestSupport
import Glibc
import InputEvents
import KeypadInput
import ProcessLoop
import Testing
import struct SystemPackage.FileDescriptor

/// The input thread on fake nodes: it empties the kernel's buffer by itself, while nobody on
/// the loop's side reads, and hands the events over with their kernel times.
@Suite("The keypads' input thread")
struct ThreadedKeypadReaderTests {
    static let five = TestKeymaps.code("KEY_NUMERIC_5")

    /// Whether `descriptor` becomes readable within a generous time (it is expected to).
    static func becomesReadable(_ descriptor: FileDescriptor) -> Bool {
        var entry = pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 60_000) == 1
    }

    @Test("keys are moved out of the kernel's buffer as they come, the loop woken, and handed over with their times")
    func keysAreDrainedByTheThread() throws {
        let directory = try TemporaryDirectory()
        let node = try KeypadReaderTests.keypad(directory)
        let input = try ThreadedKeypadReader(discovery: DeviceDiscovery(inputDirectory: directory.path, keymaps: TestKeymaps.auto))
        #expect(KeypadReaderTests.lines(input.start(), in: directory) == ["connected event0 phone-keypad grab", "grabbed event0"])

        try node.key(Self.five, KeyValue.press, at: 8_000_000)
        try node.key(Self.five, KeyValue.release, at: 8_050_000)
        #expect(Self.becomesReadable(input.descriptor))
        // Read by the thread, with nothing taken yet: the node holds nothing unread. (The
        // release may come a moment after the press woke the loop.)
        while node.unreadEvents > 0 { usleep(1_000) }
        // The thread may have read the two in one go or in two; together they are these.
        var events: [InputEvent] = []
        while events.count < 4 {
            for case .input(_, let read) in try input.take(at: 9_000_000).events { events += read }
            if events.count < 4 { #expect(Self.becomesReadable(input.descriptor)) }
        }
        #expect(
            events.map { "\($0.type):\($0.code):\($0.value)@\($0.time)" } == [
                "1:517:1@8000000", "0:0:0@8000000", "1:517:0@8050000", "0:0:0@8050000",
            ])
        // Taken: nothing more, and the descriptor no longer raised.
        #expect(try input.take(at: 9_100_000).events.isEmpty)
        var entry = pollfd(fd: input.descriptor.rawValue, events: Int16(POLLIN), revents: 0)
        #expect(poll(&entry, 1, 0) == 0)
    }

    @Test("take reads what the kernel holds itself, so an event stamped before the loop woke is never left behind")
    func takeReadsWhatTheThreadHasNotYet() throws {
        let directory = try TemporaryDirectory()
        let node = try KeypadReaderTests.keypad(directory)
        let input = try ThreadedKeypadReader(discovery: DeviceDiscovery(inputDirectory: directory.path, keymaps: TestKeymaps.auto))
        _ = input.start()
        // However soon after the write take comes, the press is in what it returns (read by the
        // thread or by take itself), and only once.
        var presses = 0
        for round in 0..<50 {
            let time = Microseconds(10_000_000 + round * 100_000)
            try node.key(Self.five, round % 2 == 0 ? KeyValue.press : KeyValue.release, at: time)
            let events = try input.take(at: time + 1).events
            for case .input(_, let read) in events { presses += read.count { $0.type == EventType.key && $0.time == time } }
        }
        #expect(presses == 50)
    }

    @Test("the thread asks for nice -10, or is told why not")
    func priority() throws {
        let directory = try TemporaryDirectory()
        let input = try ThreadedKeypadReader(discovery: DeviceDiscovery(inputDirectory: directory.path, keymaps: TestKeymaps.auto))
        _ = input.start()
        while input.priority == nil { usleep(1_000) }
        let priority = try #require(input.priority)
        if let refused = priority.refused {
            #expect([EPERM, EACCES].contains(refused.rawValue))
        } else {
            #expect(priority.nice == ThreadedKeypadReader.inputNice)
        }
    }
}
