// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import Evdev
import EvdevTestSupport
import Glibc
import Testing
import InputEvents

@Suite("Reading events")
struct EvdevReadingTests {
    @Test("Events come out in order, with their times in microseconds")
    func eventsInOrder() throws {
        let directory = try TemporaryDirectory()
        let node = try FakeEvdevNode(path: directory.join("event0"), name: "keypad", keys: keypadKeys)
        var device = try EvdevDevice(path: node.path)
        #expect(try device.readEvents().isEmpty)
        try node.key(numeric5, KeyValue.press, at: 5_000_123)
        try node.key(numeric5, KeyValue.release, at: 5_080_456)
        #expect(
            try device.readEvents() == [
                .key(numeric5, KeyValue.press, at: 5_000_123), .report(at: 5_000_123),
                .key(numeric5, KeyValue.release, at: 5_080_456), .report(at: 5_080_456),
            ]
        )
        #expect(try device.readEvents().isEmpty)
    }

    /// libevdev's own test (test_syn_dropped_event) swaps a pipe in with libevdev_change_fd and
    /// writes a SYN_DROPPED into it; here the pipe answers libevdev's ioctls too, so the
    /// resynchronisation reads the key state the fake holds.
    @Test("A release lost in a SYN_DROPPED in the middle of a press arrives from libevdev's sync")
    func synDroppedMidPress() throws {
        let directory = try TemporaryDirectory()
        let node = try FakeEvdevNode(path: directory.join("event0"), name: "keypad", keys: keypadKeys)
        var device = try EvdevDevice(path: node.path)
        let pipe = try node.makePipe()
        try device.changeFileDescriptor(to: pipe.giveReadEnd())
        let descriptor = device.fileDescriptor
        #expect(descriptor.rawValue == pipe.readEnd)

        // 5 goes down; the buffer overflows; meanwhile 5 came up and 6 went down.
        try pipe.send([.key(numeric5, KeyValue.press, at: 1_000), .report(at: 1_000), .dropped(at: 2_000)])
        node.setKeyDown(numeric6, true)
        #expect(
            try device.readEvents() == [
                .key(numeric5, KeyValue.press, at: 1_000), .report(at: 1_000),
                .dropped(at: 2_000),
                .key(numeric5, KeyValue.release, at: 2_000),
                .key(numeric6, KeyValue.press, at: 2_000),
                .report(at: 2_000),
            ]
        )
        let fiveDown = device.isKeyDown(numeric5)
        let sixDown = device.isKeyDown(numeric6)
        #expect(!fiveDown)
        #expect(sixDown)

        // Normal reading resumes after the sync.
        try pipe.send([.key(numeric6, KeyValue.release, at: 3_000), .report(at: 3_000)])
        #expect(try device.readEvents() == [.key(numeric6, KeyValue.release, at: 3_000), .report(at: 3_000)])
    }

    @Test("Events after a SYN_DROPPED are discarded: the sync reports the state they led to")
    func eventsAfterDropAreReplacedBySync() throws {
        let directory = try TemporaryDirectory()
        let node = try FakeEvdevNode(path: directory.join("event0"), name: "keypad", keys: keypadKeys)
        var device = try EvdevDevice(path: node.path)
        let pipe = try node.makePipe()
        try device.changeFileDescriptor(to: pipe.giveReadEnd())
        try pipe.send([
            .key(numeric5, KeyValue.press, at: 1_000), .report(at: 1_000), .dropped(at: 2_000),
            .key(numeric5, KeyValue.release, at: 2_500), .report(at: 2_500),
        ])
        #expect(
            try device.readEvents() == [
                .key(numeric5, KeyValue.press, at: 1_000), .report(at: 1_000), .dropped(at: 2_000),
                .key(numeric5, KeyValue.release, at: 2_000), .report(at: 2_000),
            ]
        )
    }

    @Test("A SYN_DROPPED with nothing changed gives just the SYN_DROPPED")
    func dropWithNothingChanged() throws {
        let directory = try TemporaryDirectory()
        let node = try FakeEvdevNode(path: directory.join("event0"), name: "keypad", keys: keypadKeys)
        var device = try EvdevDevice(path: node.path)
        try node.send([.dropped(at: 7_000)])
        #expect(try device.readEvents() == [.dropped(at: 7_000)])
    }

    @Test("A device that vanishes during the sync: the events read first, then ENODEV as .vanished")
    func vanishesDuringSync() throws {
        let directory = try TemporaryDirectory()
        let node = try FakeEvdevNode(path: directory.join("event0"), name: "keypad", keys: keypadKeys)
        var device = try EvdevDevice(path: node.path)
        try node.send([.key(numeric5, KeyValue.press, at: 1_000), .report(at: 1_000), .dropped(at: 2_000)])
        node.setVanished()
        #expect(try device.readEvents() == [.key(numeric5, KeyValue.press, at: 1_000), .report(at: 1_000), .dropped(at: 2_000)])
        let pending = device.hasPendingError
        #expect(pending)
        #expect {
            _ = try device.readEvents()
        } throws: { error in
            let error = error as? EvdevError
            return error?.kind == .vanished && error?.errno.rawValue == ENODEV && error?.operation == .read
        }
        let stillPending = device.hasPendingError
        #expect(!stillPending)
    }

    @Test("A pipe whose writer closed reads as empty: vanishing is poll's POLLHUP, not an error")
    func closedPipeReadsEmpty() throws {
        let directory = try TemporaryDirectory()
        let node = try FakeEvdevNode(path: directory.join("event0"), name: "keypad", keys: keypadKeys)
        var device = try EvdevDevice(path: node.path)
        let pipe = try node.makePipe()
        try device.changeFileDescriptor(to: pipe.giveReadEnd())
        try pipe.send([.key(numeric5, KeyValue.press, at: 1_000), .report(at: 1_000)])
        pipe.hangUp()
        #expect(try device.readEvents() == [.key(numeric5, KeyValue.press, at: 1_000), .report(at: 1_000)])
        #expect(try device.readEvents().isEmpty)
    }
}
