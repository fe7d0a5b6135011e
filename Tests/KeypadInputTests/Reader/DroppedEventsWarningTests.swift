// SPDX-License-Identifier: Apache-2.0

import KeypadInput
import InputEvents
import Testing

struct DroppedEventsWarningTests {
    /// Overflows of one keypad at these times (seconds), and which of them are logged: the
    /// first, then none until a minute after the last warning, which counts those in between.
    @Test(arguments: [
        (times: [0], logged: [0]),
        (times: [0, 1, 2, 59], logged: [0]),
        (times: [0, 60], logged: [0, 60]),
        (times: [0, 10, 20, 61, 62, 125], logged: [0, 61, 125]),
    ])
    func oneKeypad(times: [Int64], logged: [Int64]) {
        var warning = DroppedEventsWarning()
        let warned = times.filter { warning.dropped(on: "/dev/input/event3", at: $0 * 1_000_000) != nil }
        #expect(warned == logged)
    }

    @Test func theWarningCountsTheOverflowsNotLogged() throws {
        var warning = DroppedEventsWarning()
        let path = "/dev/input/event3"
        let firstWarning = warning.dropped(on: path, at: 0)
        let first = try #require(firstWarning)
        #expect(first.hasPrefix("/dev/input/event3: events were read too late"))
        #expect(!first.contains("since the last warning"))
        let counted = (1...3).map { warning.dropped(on: path, at: Int64($0) * 1_000_000) }
        #expect(counted == [nil, nil, nil])
        let laterWarning = warning.dropped(on: path, at: 90_000_000)
        let later = try #require(laterWarning)
        #expect(later.hasSuffix("(3 more times since the last warning, not logged)"))
        let quiet = warning.dropped(on: path, at: 100_000_000)
        #expect(quiet == nil)
        let onceWarning = warning.dropped(on: path, at: 200_000_000)
        let once = try #require(onceWarning)
        #expect(once.hasSuffix("(1 more time since the last warning, not logged)"))
    }

    @Test func eachKeypadIsWarnedAboutOnItsOwn() {
        var warning = DroppedEventsWarning()
        let logged = [("/dev/input/event3", 0), ("/dev/input/event4", 1), ("/dev/input/event3", 2)].map { path, second in
            warning.dropped(on: path, at: Int64(second) * 1_000_000) != nil
        }
        #expect(logged == [true, true, false])
    }

    /// A clock far from zero (the kernel's monotonic time after months up) never overflows.
    @Test func timesNearTheLimitsDoNotTrap() {
        var warning = DroppedEventsWarning()
        let logged = [Int64.max - 1, .max, .min].map { warning.dropped(on: "k", at: $0) != nil }
        #expect(logged == [true, false, false])
    }
}
