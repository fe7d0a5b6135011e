// SPDX-License-Identifier: Apache-2.0

import Evdev
import Glibc
@testable import KeypadInput
import Testing

@Suite("Reporting device problems once")
struct ProblemLogTests {
    let denied = EvdevError(path: "/dev/input/event5", errno: EACCES, operation: .open)

    @Test("A problem is reported once, until the device opens or its node goes")
    func once() {
        var log = ProblemLog(settleDelay: 1_000_000)
        #expect(log.note(denied, now: 0, settled: true) == denied)
        #expect(log.note(denied, now: 5_000_000, settled: true) == nil)
        log.opened(denied.path)
        #expect(log.note(denied, now: 6_000_000, settled: true) == denied)
        log.keepOnly(["/dev/input/event1"])
        #expect(log.note(denied, now: 7_000_000, settled: true) == denied)
    }

    @Test("A node that just appeared gets the settle delay for udev to set its permissions")
    func settle() {
        var log = ProblemLog(settleDelay: 1_000_000)
        #expect(log.note(denied, now: 10_000_000, settled: false) == nil)
        #expect(log.nextCheck == 11_000_000)
        #expect(log.note(denied, now: 10_500_000, settled: false) == nil)
        #expect(log.note(denied, now: 11_000_000, settled: false) == denied)
        #expect(log.nextCheck == nil)
    }

    @Test("A node going away while it was looked at is not a problem")
    func transient() {
        var log = ProblemLog(settleDelay: 0)
        #expect(log.note(EvdevError(path: "/dev/input/event5", errno: ENODEV, operation: .open), now: 0, settled: true) == nil)
        #expect(log.note(EvdevError(path: "/dev/input/event5", errno: ENOENT, operation: .open), now: 0, settled: true) == nil)
    }

    @Test("A failed grab is reported again if the device comes back")
    func grabProblems() {
        var log = ProblemLog(settleDelay: 0)
        let busy = EvdevError(path: "/dev/input/event5", errno: EBUSY, operation: .grab)
        #expect(log.note(busy, now: 0, settled: true) == busy)
        #expect(log.note(busy, now: 0, settled: true) == nil)
        log.closed(busy.path)
        #expect(log.note(busy, now: 0, settled: true) == busy)
    }
}
