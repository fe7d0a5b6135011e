// SPDX-License-Identifier: Apache-2.0

import DialerKit
import EvdevTestSupport
import Glibc
import InputEvents

/// The kernel's side of fake keypads: writes each scripted key event into its node once the
/// clock has passed the event's time, as a real keypad's events reach the queue while the
/// program is busy. Each is a packet as a matrix keypad's driver sends it: the scan code
/// (EV_MSC), the key, a SYN_REPORT; and the device's key state (EVIOCGKEY) follows every key,
/// read or not, as the kernel's does.
///
/// With a `bufferCapacity`, the node holds at most that many unread events, as evdev's buffer
/// for each reader does (64 for a keypad, `evdev_compute_buffer_size`). An event that finds it
/// full drops everything queued and leaves a SYN_DROPPED and itself, as `__pass_event` does;
/// libevdev then brings back the keys held, but a tap pressed and let go in the overflow is
/// lost. The kernel does not wait for anyone, but a test cannot make a thread of the program
/// run at a given moment: before the first overflow, the kernel gives the reader up to
/// `patience` of real time to make room, and overflows only if it never does (a reader that
/// is not reading at all, such as a loop held by its display). After one overflow it waits no
/// more.
final class SimulatedKernel {
    /// One key event as the kernel will deliver it: on which keypad, when.
    struct Event {
        var keypad: Int
        var time: Microseconds
        var code: UInt16
        var value: Int32
    }

    let nodes: [FakeEvdevNode]
    private var pending: [Event]
    let clock: ManualClock
    let bufferCapacity: Int?
    let patience: Duration
    /// How many times a node's buffer overflowed.
    private(set) var overflows = 0

    init(nodes: [FakeEvdevNode], script: [Event], clock: ManualClock, bufferCapacity: Int? = nil, patience: Duration = .seconds(10)) {
        self.nodes = nodes
        self.pending = script.sorted { $0.time < $1.time }
        self.clock = clock
        self.bufferCapacity = bufferCapacity
        self.patience = patience
    }

    /// When the next event is due, if any is left.
    var nextTime: Microseconds? { pending.first?.time }

    /// Delivers every event due by now; whether there were any.
    @discardableResult
    func deliverDue() -> Bool {
        var delivered = false
        while let event = pending.first, event.time <= clock.now {
            pending.removeFirst()
            let node = nodes[event.keypad]
            node.setKeyDown(event.code, event.value != 0)
            for input in [
                InputEvent(time: event.time, type: EventType.miscellaneous, code: MiscellaneousCode.scan, value: Int32(event.code)),
                .key(event.code, event.value, at: event.time),
                .report(at: event.time),
            ] {
                queue(input, in: node)
            }
            delivered = true
        }
        return delivered
    }

    /// Runs `run` on this kernel's clock until `end`: whenever events are due, they are
    /// delivered and the loop steps; else the clock moves to 4 ms after the next event or timer
    /// (the loop wakes that long after the first event it is woken for, so a press and its
    /// first bounce are read together), and the loop steps. The display may move the clock on
    /// while it draws.
    func drive(_ run: DialerLoop, display: inout some DialerDisplay, until end: Microseconds) throws {
        while true {
            if deliverDue() {
                try run.step(display: &display)
                continue
            }
            guard let next = [nextTime, run.driver.nextDeadline].compactMap({ $0 }).min(), next <= end else { return }
            if clock.now < next + 4_000 { clock.set(next + 4_000) }
            deliverDue()
            try run.step(display: &display)
        }
    }

    /// Queues one event in the node, overflowing as evdev does when its buffer is full.
    private func queue(_ event: InputEvent, in node: FakeEvdevNode) {
        if let capacity = bufferCapacity, isFull(node, capacity: capacity) {
            overflows += 1
            try! node.discardUnread()
            try! node.send([.dropped(at: event.time)])
        }
        try! node.send([event])
    }

    /// Whether the node holds all it can (one event less than its capacity: evdev's ring
    /// buffer is full when its head would meet its tail), once the reader had its chance.
    private func isFull(_ node: FakeEvdevNode, capacity: Int) -> Bool {
        let waitUntil = ContinuousClock.now + (overflows == 0 ? patience : .zero)
        while node.unreadEvents >= capacity - 1 {
            if ContinuousClock.now >= waitUntil { return true }
            usleep(200)
        }
        return false
    }
}
