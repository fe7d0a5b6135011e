// SPDX-License-Identifier: Apache-2.0

import ContactWatch
import Testing

@Suite("Reload schedule")
struct ReloadScheduleTests {
    /// What the loop does, at microsecond times, and what the schedule says.
    enum Step: Sendable, CustomStringConvertible {
        case change(Int64)
        /// `startIfDue(at:)` and what it says.
        case start(Int64, Bool)
        case finish
        case deadline(Int64?)

        var description: String {
            switch self {
            case .change(let time): "change at \(time)"
            case .start(let time, let due): "start at \(time) is \(due)"
            case .finish: "finish"
            case .deadline(let time): "deadline \(time.map(String.init) ?? "none")"
            }
        }
    }

    static let ms: Int64 = 1000
    // settle 400 ms, longest 5 s
    static let scenarios: [(String, [Step])] = [
        ("nothing changed", [.deadline(nil), .start(10_000 * ms, false)]),
        (
            "one change is reloaded after the settle time",
            [
                .change(1000 * ms), .deadline(1400 * ms), .start(1399 * ms, false), .start(1400 * ms, true), .deadline(nil),
                .start(2000 * ms, false), .finish, .deadline(nil),
            ]
        ),
        (
            "a burst is reloaded once, after its last change",
            [
                .change(0), .change(100 * ms), .change(300 * ms), .deadline(700 * ms), .start(500 * ms, false),
                .start(700 * ms, true), .finish, .start(5000 * ms, false),
            ]
        ),
        (
            "a source that never settles is reloaded after the longest wait",
            [
                .change(0), .change(1000 * ms), .change(2000 * ms), .change(3000 * ms), .change(4000 * ms), .change(4900 * ms),
                .deadline(5000 * ms), .start(5000 * ms, true),
            ]
        ),
        (
            "changes during a reload are reloaded after it",
            [
                .change(0), .start(400 * ms, true), .change(500 * ms), .deadline(nil), .start(900 * ms, false), .finish,
                .deadline(900 * ms), .start(900 * ms, true), .finish, .deadline(nil),
            ]
        ),
        (
            "a reload that took long starts the next one at once",
            [
                .change(0), .start(400 * ms, true), .change(500 * ms), .change(20_000 * ms), .finish, .deadline(5500 * ms),
                .start(20_000 * ms, true),
            ]
        ),
        (
            "a change stamped earlier than the last does not move the deadline back",
            [
                .change(1000 * ms), .change(900 * ms), .deadline(1400 * ms),
            ]
        ),
    ]

    @Test("Scenarios", arguments: scenarios)
    func scenario(name: String, steps: [Step]) {
        var schedule = ReloadSchedule(settle: .milliseconds(400), longest: .seconds(5))
        for (number, step) in steps.enumerated() {
            switch step {
            case .change(let time): schedule.changed(at: time)
            case .start(let time, let due):
                let started = schedule.startIfDue(at: time)
                #expect(started == due, "step \(number): \(step)")
            case .finish: schedule.finished()
            case .deadline(let time): #expect(schedule.deadline == time, "step \(number): \(step)")
            }
        }
    }

    @Test func itSaysWhetherChangesAreWaitingAndAReloadRuns() {
        var schedule = ReloadSchedule()
        #expect(!schedule.isPending && !schedule.isReloading)
        schedule.changed(at: 0)
        #expect(schedule.isPending)
        let started = schedule.startIfDue(at: 10_000_000)
        #expect(started)
        #expect(!schedule.isPending && schedule.isReloading)
        schedule.finished()
        #expect(!schedule.isReloading)
    }
}
