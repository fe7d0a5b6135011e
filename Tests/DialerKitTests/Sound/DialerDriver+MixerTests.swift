// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import Foundation
import DialerConfig
import DialerEngine
@testable import DialerKit
import InputEvents
import ProcessLoop
import Sound
import T9Search
import Telephony
import Testing

/// The mixer in the driver: what a line cannot do of the volume and mute keys is done on the
/// mixer, and the screen shows it as it shows a line's own.
@Suite("The dialer driver and the mixer")
struct DialerDriverMixerTests {
    typealias Calls = DialerDriverCallTests

    /// A mixer in memory: a volume control and a capture switch.
    final class FakeMixer: CallMixer {
        var level = MixerLevel(range: 0...87, value: 52)
        var capturing = true
        /// Every request fails with this, when set.
        var failure: SoundProblem?
        private(set) var changes: [String] = []

        func volume() throws(SoundProblem) -> MixerLevel {
            if let failure { throw failure }
            return level
        }

        func setVolume(_ value: Int) throws(SoundProblem) {
            if let failure { throw failure }
            level.value = value
            changes.append("volume \(value)")
        }

        func setCapturing(_ on: Bool) throws(SoundProblem) {
            if let failure { throw failure }
            capturing = on
            changes.append(on ? "capture on" : "capture off")
        }
    }

    /// A driver with a connected call on `line`, its log in `log`.
    static func connected(line: Calls.ScriptedLine, log: RecordedLog) throws -> (DialerDriver, InMemoryDisplay) {
        let index = SearchIndex(contacts: Calls.contacts, alphabet: T9Alphabet(layouts: []))
        let driver = DialerDriver(machine: DialerMachine(session: try DialerSession(index: index)), line: line, logger: log.logger)
        var display = InMemoryDisplay()
        driver.startCalls()
        Calls.say([.incoming(number: "+447700900555", name: nil)], on: line, to: driver, display: &display)
        press(.dial, on: driver, display: &display)
        Calls.say([.connected], on: line, to: driver, display: &display)
        return (driver, display)
    }

    static func press(_ role: KeyRole, on driver: DialerDriver, display: inout InMemoryDisplay) {
        driver.apply(driver.machine.handle([TimedGesture(time: MonotonicClock.system.now(), gesture: .pressed(role))]), to: &display)
    }

    @Test("The volume keys the line cannot do step the mixer's volume, and the screen shows it")
    func volume() throws {
        let (line, log, mixer) = (Calls.ScriptedLine(), RecordedLog(), FakeMixer())
        var (driver, display) = try Self.connected(line: line, log: log)
        driver.useMixer(mixer)
        Self.press(.volumeUp, on: driver, display: &display)
        #expect(line.asked.last == "volume-up")
        Calls.say([.notOnThisLine(.volumeUp)], on: line, to: driver, display: &display)
        #expect(mixer.level.value == 61)
        #expect(driver.machine.session.screen.callNote == "Volume 70%")
        Calls.say([.notOnThisLine(.volumeDown)], on: line, to: driver, display: &display)
        Calls.say([.notOnThisLine(.volumeDown)], on: line, to: driver, display: &display)
        #expect(mixer.changes == ["volume 61", "volume 52", "volume 44"])
        #expect(driver.machine.session.screen.callNote == "Volume 51%")
        #expect(log.lines.contains { $0.contains("volume-down: the mixer's volume is 51%") })
    }

    @Test("Mute the line cannot do switches the mixer's capture, the screen says muted, and the call's end unmutes")
    func mute() throws {
        let (line, log, mixer) = (Calls.ScriptedLine(), RecordedLog(), FakeMixer())
        var (driver, display) = try Self.connected(line: line, log: log)
        driver.useMixer(mixer)
        Self.press(.mute, on: driver, display: &display)
        #expect(line.asked.last == "mute")
        Calls.say([.notOnThisLine(.mute)], on: line, to: driver, display: &display)
        #expect(!mixer.capturing)
        #expect(driver.machine.session.screen.muted)
        // The key again asks to unmute.
        Self.press(.mute, on: driver, display: &display)
        #expect(line.asked.last == "unmute")
        Calls.say([.notOnThisLine(.unmute)], on: line, to: driver, display: &display)
        #expect(mixer.capturing && !driver.machine.session.screen.muted)
        // Muted when the call ends: the next call is heard.
        Calls.say([.notOnThisLine(.mute)], on: line, to: driver, display: &display)
        Calls.say([.ended(.hungUpThere)], on: line, to: driver, display: &display)
        #expect(mixer.changes == ["capture off", "capture on", "capture off", "capture on"])
    }

    @Test(
        "Without a mixer, with one that fails, or for a key no mixer has, the screen says not on this line",
        arguments: [
            (CallControl.volumeUp, true, "Volume: not on this line"),
            (.mute, true, "Mute: not on this line"),
            (.hold, false, "Hold: not on this line"),
            (.swap, false, "Swap: not on this line"),
        ]
    )
    func notOnThisLine(control: CallControl, failing: Bool, note: String) throws {
        let (line, log, mixer) = (Calls.ScriptedLine(), RecordedLog(), FakeMixer())
        var (driver, display) = try Self.connected(line: line, log: log)
        Calls.say([.notOnThisLine(control)], on: line, to: driver, display: &display)
        #expect(driver.machine.session.screen.callNote == note)
        driver.useMixer(mixer)
        let problem = SoundProblem(.mixer("hw:7"), reason: "no such card", remedy: "set [sound] mixer")
        if failing { mixer.failure = problem }
        Calls.say([.notOnThisLine(control)], on: line, to: driver, display: &display)
        #expect(driver.machine.session.screen.callNote == note)
        #expect(mixer.changes.isEmpty && mixer.capturing && !driver.machine.session.screen.muted)
        #expect(log.lines.contains { $0.contains("ALSA mixer hw:7: no such card; set [sound] mixer") } == failing)
    }

    /// A reload that changes the mixer during a call muted through the old one: the old card's
    /// capture is switched on again, and the call stays muted through the new card, or, when
    /// that cannot mute or there is none, the screen stops saying "Muted".
    @Test(
        "A new mixer keeps a muted call muted, or the screen says it is not",
        arguments: [("works", true), ("fails", false), ("none", false)]
    )
    func newMixerDuringAMutedCall(newMixer: String, staysMuted: Bool) throws {
        let (line, log, old) = (Calls.ScriptedLine(), RecordedLog(), FakeMixer())
        var (driver, display) = try Self.connected(line: line, log: log)
        driver.useMixer(old)
        Calls.say([.notOnThisLine(.mute)], on: line, to: driver, display: &display)
        #expect(!old.capturing && driver.machine.session.screen.muted)
        let new = FakeMixer()
        if newMixer == "fails" { new.failure = SoundProblem(.mixer("hw:3"), reason: "no such card", remedy: "set [sound] mixer") }
        driver.apply(driver.useMixer(newMixer == "none" ? nil : new), to: &display)
        #expect(old.changes == ["capture off", "capture on"])
        #expect(new.changes == (staysMuted ? ["capture off"] : []))
        #expect(driver.machine.session.screen.muted == staysMuted)
        #expect(log.lines.contains { $0.contains("it is heard again") } == (newMixer == "fails"))
        // The call's end switches the new card's capture on again, only when it was switched off.
        Calls.say([.ended(.hungUpThere)], on: line, to: driver, display: &display)
        #expect(new.changes == (staysMuted ? ["capture off", "capture on"] : []))
    }

    @Test("The mixer of [sound] is used, and kept when a reload leaves it so")
    func mixerOfSettings() throws {
        let (line, log) = (Calls.ScriptedLine(), RecordedLog())
        let (driver, _) = try Self.connected(line: line, log: log)
        driver.useMixer(of: SoundSettings(alsaDevice: "plughw:2,0", volumeControl: "Speaker"))
        let first = try #require(driver.mixer as? AlsaCallMixer)
        #expect(first.card == "hw:2" && first.volumeControl == "Speaker" && first.captureControl == nil)
        driver.useMixer(of: SoundSettings(alsaDevice: "hw:2,0", volumeControl: "Speaker"))
        #expect(driver.mixer === first)
        driver.useMixer(of: SoundSettings())
        #expect(driver.mixer == nil)
    }
}

/// The same through a real card's mixer, on the kernel's driver: run in the VM
/// (`Tests/VM/run-vm-tests.py --only mixer`, QEMU's intel-hda with hda-duplex), which sets
/// T9DIAL_MIXER_CARD; the host has no sound card.
@Suite(
    "The dialer driver on a real card's mixer",
    .enabled(if: ProcessInfo.processInfo.environment["T9DIAL_MIXER_CARD"] != nil, "needs T9DIAL_MIXER_CARD: a card, as in the VM"))
struct DialerDriverMixerCardTests {
    typealias Calls = DialerDriverCallTests
    let card = ProcessInfo.processInfo.environment["T9DIAL_MIXER_CARD"] ?? ""

    @Test("Volume keys and mute the line cannot do change the card's controls, read back anew")
    func keysChangeTheCard() throws {
        let (volumeName, captureName): (String, String)
        do {
            let mixer = try AlsaMixer(card: card)
            (volumeName, captureName) = (try mixer.volumeControl(nil), try mixer.captureControl(nil))
            print("mixer \(card): controls \(mixer.controlNames); volume \(volumeName), capture \(captureName)")
            let level = try mixer.volume(volumeName)
            try mixer.setVolume(volumeName, to: level.range.lowerBound + (level.range.upperBound - level.range.lowerBound) / 2)
            try mixer.setCapturing(captureName, true)
        }
        let (line, log) = (Calls.ScriptedLine(), RecordedLog())
        var (driver, display) = try DialerDriverMixerTests.connected(line: line, log: log)
        driver.useMixer(of: SoundSettings(mixer: card))
        func read() throws -> (MixerLevel, Bool) {
            let mixer = try AlsaMixer(card: card)
            return (try mixer.volume(volumeName), try mixer.isCapturing(captureName))
        }
        let before = try read().0
        DialerDriverMixerTests.press(.volumeUp, on: driver, display: &display)
        Calls.say([.notOnThisLine(.volumeUp)], on: line, to: driver, display: &display)
        let louder = try read().0
        print("volume \(before.value) -> \(louder.value) of \(louder.range)")
        #expect(louder.value > before.value)
        #expect(driver.machine.session.screen.callNote == "Volume \(louder.percent)%")
        Calls.say([.notOnThisLine(.volumeDown)], on: line, to: driver, display: &display)
        #expect(try read().0.value < louder.value)

        DialerDriverMixerTests.press(.mute, on: driver, display: &display)
        Calls.say([.notOnThisLine(.mute)], on: line, to: driver, display: &display)
        #expect(try read().1 == false)
        #expect(driver.machine.session.screen.muted)
        Calls.say([.ended(.hungUpThere)], on: line, to: driver, display: &display)
        #expect(try read().1 == true)
        #expect(!log.lines.contains { $0.contains("ALSA mixer") }, "\(log.lines)")
    }
}
