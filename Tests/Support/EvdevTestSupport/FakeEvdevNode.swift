// SPDX-License-Identifier: Apache-2.0

public import DialerEngine
import CFakeEvdev
import Foundation
import Glibc
public import InputEvents
public import struct SystemPackage.FileDescriptor

/// A fake evdev device node for tests: a FIFO that libevdev takes for `/dev/input/eventN`.
///
/// CFakeEvdev answers libevdev's ioctls on the FIFO (name, ids, key bits, key state, clock,
/// grab) and the test writes `struct input_event`s into it, so `EvdevDevice`, discovery and
/// the reader run their real code (libevdev, poll, inotify) on it. Closing the writing end is
/// the device's unplug as poll sees it (POLLHUP); removing the node is udev's.
public final class FakeEvdevNode {
    /// The node's path.
    public let path: String
    /// The fake device's handle in CFakeEvdev.
    public let device: Int32
    private var writer: Int32 = -1
    /// The kernel's own reading end, to drop what is queued as an overflow does.
    private var kernelReader: Int32 = -1
    private var removed = false

    /// Makes the FIFO at `path` and a fake device with these keys and switches behind it, the
    /// switches of `switchesOn` on from the start (a reader may open the node at once).
    public init(
        path: String, name: String, keys: [UInt16], switches: [UInt16] = [], switchesOn: [UInt16] = [], bus: UInt16 = 0x03,
        vendor: UInt16 = 0x05A4, product: UInt16 = 0x9759, phys: String? = nil
    ) throws(FakeEvdevError) {
        // Made under another name and renamed into place once it answers as the device, as a
        // node appears whole: a reader on a thread of its own rescans on the first inotify
        // event, and must never open a FIFO that is not a device yet.
        let partial = (path as NSString).deletingLastPathComponent + "/.partial-" + (path as NSString).lastPathComponent
        guard mkfifo(partial, 0o600) == 0 else { throw FakeEvdevError("mkfifo \(partial)", errno) }
        let device = t9fake_create(name, bus, vendor, product, 1)
        guard device >= 0 else {
            unlink(partial)
            throw FakeEvdevError("t9fake_create: all fake device slots are taken", ENOSPC)
        }
        for key in keys { t9fake_enable_key(device, UInt32(key)) }
        for code in switches { t9fake_enable_switch(device, UInt32(code)) }
        for code in switchesOn { t9fake_set_switch_on(device, UInt32(code), 1) }
        if let phys { t9fake_set_phys(device, phys) }
        guard t9fake_attach_path(device, partial) == 0 else {
            let error = errno
            t9fake_destroy(device)
            unlink(partial)
            throw FakeEvdevError("t9fake_attach_path \(partial)", error)
        }
        guard rename(partial, path) == 0 else {
            let error = errno
            t9fake_destroy(device)
            unlink(partial)
            throw FakeEvdevError("renaming \(partial) to \(path)", error)
        }
        self.path = path
        self.device = device
    }

    deinit {
        if writer >= 0 { close(writer) }
        if kernelReader >= 0 { close(kernelReader) }
        t9fake_destroy(device)
        if !removed { unlink(path) }
    }

    /// Opens the writing end. The node must be open for reading (by the code under test)
    /// first: a FIFO cannot be opened for writing alone without blocking.
    public func connect() throws(FakeEvdevError) {
        guard writer < 0 else { return }
        let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw FakeEvdevError("opening \(path) for writing (is it open for reading?)", errno) }
        writer = descriptor
    }

    /// Writes events into the node, connecting first if needed.
    public func send(_ events: [InputEvent]) throws(FakeEvdevError) {
        try connect()
        try FakeEvdevNode.write(events, to: writer)
    }

    /// A key press or release and its SYN_REPORT.
    public func key(_ code: UInt16, _ value: Int32, at time: Microseconds) throws(FakeEvdevError) {
        try send([.key(code, value, at: time), .report(at: time)])
    }

    /// How many events wait in the node, written and not yet read: what the kernel's buffer
    /// for the reader holds. 0 before anything was written.
    public var unreadEvents: Int {
        guard writer >= 0 else { return 0 }
        let bytes = t9fake_unread_bytes(writer)
        return bytes < 0 ? 0 : Int(bytes) / FakeEvdevNode.eventSize
    }

    /// Throws away every event waiting in the node, as the kernel does when its buffer
    /// overflows (it then queues a SYN_DROPPED and the newest event).
    public func discardUnread() throws(FakeEvdevError) {
        if kernelReader < 0 {
            let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { throw FakeEvdevError("opening \(path) to discard its events", errno) }
            kernelReader = descriptor
        }
        var buffer = [UInt8](repeating: 0, count: 64 * FakeEvdevNode.eventSize)
        while unreadEvents > 0 {
            // Whole events only, so a reader reading at the same time never gets half of one.
            let count = min(unreadEvents, 64) * FakeEvdevNode.eventSize
            let result = buffer.withUnsafeMutableBytes { read(kernelReader, $0.baseAddress, count) }
            if result <= 0 { break }
        }
    }

    /// The size of a struct input_event on this machine.
    static let eventSize = 24

    /// Sets whether the kernel says the key is down now (EVIOCGKEY), without an event: the
    /// state behind events lost to an overflow.
    public func setKeyDown(_ code: UInt16, _ down: Bool) {
        t9fake_set_key_down(device, UInt32(code), down ? 1 : 0)
    }

    /// Sets whether the kernel says the switch is on now (EVIOCGSW), without an event: the
    /// state a reader finds when it opens the device.
    public func setSwitchOn(_ code: UInt16, _ on: Bool) {
        t9fake_set_switch_on(device, UInt32(code), on ? 1 : 0)
    }

    /// Closes the writing end: the reader's poll reports POLLHUP, as for an unplugged device.
    public func hangUp() {
        if writer >= 0 { close(writer) }
        writer = -1
    }

    /// Deletes the node, as udev does when the device is unplugged (inotify IN_DELETE).
    public func remove() {
        if !removed { unlink(path) }
        removed = true
    }

    /// From now on every ioctl fails with ENODEV, as on an unplugged device.
    public func setVanished() { t9fake_set_vanished(device, 1) }

    /// Makes grabbing fail with this errno (EBUSY: another program holds the grab).
    public func setGrabError(_ error: Int32) { t9fake_set_grab_error(device, error) }

    public var isGrabbed: Bool { t9fake_is_grabbed(device) != 0 }

    /// The clock id libevdev set (EVIOCSCLOCKID), -1 when none.
    public var clockID: Int32 { t9fake_clock_id(device) }

    /// How many ioctls the fake answered: more than zero shows libevdev's calls reach it.
    public var ioctlCount: UInt { t9fake_ioctl_count(device) }

    /// A pipe that answers as this same device, for `EvdevDevice.changeFileDescriptor(to:)`,
    /// the way libevdev's own tests swap in a pipe to write a SYN_DROPPED.
    public func makePipe() throws(FakeEvdevError) -> FakeEvdevPipe {
        let pipe = try FakeEvdevPipe()
        guard t9fake_attach_fd(device, pipe.readEnd) == 0 else { throw FakeEvdevError("t9fake_attach_fd", errno) }
        return pipe
    }

    static func write(_ events: [InputEvent], to descriptor: Int32) throws(FakeEvdevError) {
        for event in events {
            let result = t9fake_write_event(descriptor, event.type, event.code, event.value, event.time)
            guard result == 0 else { throw FakeEvdevError("writing an event", -result) }
        }
    }
}

/// A non-blocking pipe for events: the test writes into `writeEnd`, and the device under test
/// reads `readEnd`, which it owns once given to `changeFileDescriptor(to:)`.
public final class FakeEvdevPipe {
    public let readEnd: Int32
    public private(set) var writeEnd: Int32
    /// Whether the read end was handed over, so this no longer closes it.
    private var readEndGiven = false

    public init() throws(FakeEvdevError) {
        var ends: [Int32] = [-1, -1]
        let result = t9fake_pipe(&ends)
        guard result == 0 else { throw FakeEvdevError("pipe2", -result) }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        if !readEndGiven { close(readEnd) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// The read end, for its new owner.
    public func giveReadEnd() -> FileDescriptor {
        readEndGiven = true
        return FileDescriptor(rawValue: readEnd)
    }

    public func send(_ events: [InputEvent]) throws(FakeEvdevError) {
        try FakeEvdevNode.write(events, to: writeEnd)
    }

    /// Closes the writing end: poll on the read end reports POLLHUP.
    public func hangUp() {
        if writeEnd >= 0 { close(writeEnd) }
        writeEnd = -1
    }
}

/// A failed step in setting up a fake device.
public struct FakeEvdevError: Error, CustomStringConvertible {
    public var description: String

    init(_ what: String, _ errorNumber: Int32) {
        description = "\(what): \(String(cString: strerror(errorNumber)))"
    }
}

extension InputEvent {
    /// A SYN_REPORT, which ends each group of events.
    public static func report(at time: Microseconds) -> InputEvent {
        InputEvent(time: time, type: EventType.synchronization, code: SynchronizationCode.report, value: 0)
    }

    /// A SYN_DROPPED, which the kernel writes when its buffer overflowed.
    public static func dropped(at time: Microseconds) -> InputEvent {
        InputEvent(time: time, type: EventType.synchronization, code: SynchronizationCode.dropped, value: 0)
    }
}
