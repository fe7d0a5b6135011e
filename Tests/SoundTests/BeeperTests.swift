// SPDX-License-Identifier: Apache-2.0

import Testing
import Tones

@testable import Sound

/// A beeper written into a plain file, read back as the kernel would read the events: there is
/// no /dev/input here.
@Suite struct BeeperTests {
    /// The values of the EV_SND events of `code` (SND_TONE unless told) in `bytes`.
    static func tones(_ bytes: [UInt8], code wanted: UInt16 = 0x02) -> [Int32] {
        let size = Beeper.eventSize
        let header = 2 * MemoryLayout<Int>.size
        return stride(from: 0, to: bytes.count - size + 1, by: size).compactMap { start in
            let event = Array(bytes[start..<(start + size)])
            let type = UInt16(event[header]) | UInt16(event[header + 1]) << 8
            let code = UInt16(event[header + 2]) | UInt16(event[header + 3]) << 8
            guard type == 0x12, code == wanted else { return nil }
            return event[(header + 4)...].reversed().reduce(0) { $0 << 8 | Int32($1) }
        }
    }

    @Test func tonesAreSoundEventsAndGoingSilencesIt() throws {
        let folder = TemporaryFolder()
        folder.write("beeper", [])
        do {
            let beeper = try Beeper(path: folder.file("beeper"), assuming: .tone)
            try beeper.sound(hertz: 1_336)
            try beeper.sound(hertz: 0)
            try beeper.sound(hertz: 440)
        }
        #expect(Self.tones(folder.read("beeper")) == [1_336, 0, 440, 0])
    }

    @Test func aBellIsRungOnAndOff() throws {
        let folder = TemporaryFolder()
        folder.write("bell", [])
        do {
            let bell = try Beeper(path: folder.file("bell"), assuming: .bell)
            try bell.sound(hertz: 480)
            try bell.sound(hertz: 0)
            try bell.sound(hertz: 1_336)
        }
        #expect(Self.tones(folder.read("bell"), code: 0x01) == [1, 0, 1, 0])
        #expect(Self.tones(folder.read("bell")).isEmpty)
    }

    @Test func aFileIsNoBeeper() throws {
        let folder = TemporaryFolder()
        folder.write("beeper", [])
        let notInput = #expect(throws: SoundProblem.self) { _ = try Beeper(path: folder.file("beeper")) }
        #expect(notInput?.reason.hasPrefix("it is not an input device") == true)
        #expect(notInput?.remedy.contains("capabilities/snd") == true)
        let missing = #expect(throws: SoundProblem.self) { _ = try Beeper(path: folder.file("missing")) }
        #expect(missing?.remedy.contains("/dev/input/by-path") == true)
    }

    @Test func theRingPlaysItsCadenceOnTheBeeper() throws {
        let folder = TemporaryFolder()
        folder.write("beeper", [])
        let log = ClockLog()
        let clock = JumpingClock { time in log.append(time, BeeperTests.tones(folder.read("beeper")).last ?? -1) }
        var places = OutputPlaces()
        places.beeper = folder.file("beeper")
        places.beeperKind = .tone
        let setup = SoundPlayer.Setup(
            places: places, choices: SoundChoices(speaker: false, beeper: true, lamps: false, cadence: .uk), ringVolume: 1, toneVolume: 1)
        #expect(SoundPlayer.ringOnce(setup: setup, clock: clock).isEmpty)
        // The higher of the US ring's pair at each step, from the start of the ring, in
        // milliseconds.
        #expect(log.changes == [Change(0, 480), Change(400, 0), Change(600, 480), Change(1_000, 0)])
        #expect(Self.tones(folder.read("beeper")).last == 0)
    }
}
