// SPDX-License-Identifier: Apache-2.0

import DialerConfig
@testable import DialerKit
import ProcessLoop
import Sound
import Testing

/// The sound player's problems reach the loop, the screen and the journal, and the call goes
/// on: through the real player and alsa-lib, with a device that does not exist.
@Suite("Sound problems on the dialer's loop")
struct SoundReportsTests {
    @Test func aProblemWakesTheLoopOnceAndIsTakenInOrder() throws {
        let reports = try SoundReports()
        let loop = EventLoop()
        reports.report(SoundProblem(.beeper("/dev/input/event9"), reason: "it is gone", remedy: "plug it in"))
        reports.report(SoundProblem(.lamp("/sys/class/leds/bell"), reason: "it is not writable", remedy: "add the udev rule"))
        let woke = try loop.wait(for: [EventLoop.Source(LoopSource.sound, reports.descriptor)], until: MonotonicClock.system.now() + 10_000_000)
        #expect(woke.isReady(.sound))
        #expect(reports.take().map { $0?.output } == [.beeper("/dev/input/event9"), .lamp("/sys/class/leds/bell")])
        #expect(reports.take().isEmpty)
        // Every device plays again: nil, after the problems reported before it.
        reports.report(SoundProblem(.beeper("/dev/input/event9"), reason: "it is gone", remedy: "plug it in"))
        reports.recovered()
        #expect(reports.take().map { $0?.output } == [.beeper("/dev/input/event9"), nil])
        // Taken: the descriptor is quiet again, and the wait runs to its deadline.
        let again = try loop.wait(for: [EventLoop.Source(LoopSource.sound, reports.descriptor)], until: MonotonicClock.system.now())
        #expect(!again.isReady(.sound))
    }

    @Test func aMissingDeviceIsANoticeAndALogLineNeverAFailedCall() throws {
        let log = RecordedLog()
        let run = try SoundCuesTests.run(mode: .t9, logger: log)
        let driver = run.driver
        driver.startSound(SoundSettings(alsaDevice: "t9dial-test-no-such-pcm"))
        defer { driver.stopSound() }
        var display = InMemoryDisplay()
        driver.startCalls()
        driver.machine.showFirstScreen(on: &display)
        run.take(SoundCuesTests.incoming, display: &display)
        #expect(driver.machine.session.screen.callHeadline == "Incoming call")

        // The ring cannot open its device: the player says so, and the loop shows it.
        let loop = DialerLoop(driver: driver)
        let giveUp = MonotonicClock.system.now() + 20_000_000
        while driver.machine.session.screen.notice == nil, MonotonicClock.system.now() < giveUp {
            try loop.step(display: &display, until: giveUp)
        }
        let notice = try #require(driver.machine.session.screen.notice)
        #expect(notice.hasPrefix("sound: ALSA device t9dial-test-no-such-pcm"))
        #expect(log.lines.contains { $0.contains("t9dial-test-no-such-pcm") })
        // The call rings on the line all the same, and is answered.
        #expect(driver.machine.session.screen.callHeadline == "Incoming call")
        run.take(.tap(.dial), display: &display)
        #expect(run.line.asked == ["answer"])
    }
}
