// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import Tones

@testable import Sound

/// LEDs in a folder standing for /sys/class/leds: `NAME/max_brightness` and `NAME/brightness`.
@Suite struct LEDLampTests {
    static func leds(_ names: [String] = ["bell"]) -> TemporaryFolder {
        let folder = TemporaryFolder()
        for name in names {
            try? FileManager.default.createDirectory(atPath: folder.file(name), withIntermediateDirectories: true)
            folder.write(name + "/max_brightness", Array("255\n".utf8))
            folder.write(name + "/brightness", Array("0\n".utf8))
        }
        return folder
    }

    /// What a brightness file holds, to its first line (sysfs takes each write whole; a plain
    /// file keeps the tail of a longer value before).
    static func brightness(_ folder: TemporaryFolder, _ name: String = "bell") -> String {
        String(decoding: folder.read(name + "/brightness").prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }

    @Test func onIsMaxBrightnessAndGoingSwitchesItOff() throws {
        let folder = Self.leds()
        do {
            let lamp = try LEDLamp("bell", root: folder.path)
            try lamp.set(on: true)
            #expect(Self.brightness(folder) == "255")
        }
        #expect(Self.brightness(folder) == "0")
    }

    @Test(arguments: [
        ("bell", "/R/bell"), ("/R/bell", "/R/bell"), ("/R/bell/", "/R/bell"),
    ])
    func aNameOrAPathInsideTheFolder(given: String, path: String) throws {
        #expect(try LEDLamp.resolve(given, root: "/R") == path)
    }

    @Test(arguments: ["/etc/passwd", "/R/../etc", "/R/a/b", "..", "", "/R/", "/Rx/bell"])
    func anythingElseIsRefused(given: String) {
        #expect(throws: SoundProblem.self) { try LEDLamp.resolve(given, root: "/R") }
    }

    @Test func aMissingLEDSaysHowToFindOne() {
        let folder = Self.leds()
        let problem = #expect(throws: SoundProblem.self) { _ = try LEDLamp("lamp", root: folder.path) }
        #expect(problem?.output == .lamp(folder.file("lamp")))
        #expect(problem?.reason == "no LED there (no such file)")
        #expect(problem?.remedy.contains("ls \(folder.path)") == true)
    }

    @Test(arguments: [(Cadence.uk, [Change(0, 1), Change(400, 0), Change(600, 1), Change(1_000, 0)]), (.us, [Change(0, 1), Change(2_000, 0)])])
    func theLampsFollowTheCadence(cadence: Cadence, changes: [Change]) throws {
        let folder = Self.leds(["bell", "lamp"])
        let log = ClockLog()
        let clock = JumpingClock { time in
            let bell = Self.brightness(folder, "bell")
            #expect(bell == Self.brightness(folder, "lamp"))
            log.append(time, bell == "255" ? 1 : 0)
        }
        var places = OutputPlaces()
        places.lamps = ["bell", folder.file("lamp")]
        places.lampRoot = folder.path
        let setup = SoundPlayer.Setup(
            places: places, choices: SoundChoices(speaker: false, beeper: false, lamps: true, cadence: cadence), ringVolume: 1, toneVolume: 1)
        #expect(SoundPlayer.ringOnce(setup: setup, clock: clock).isEmpty)
        #expect(log.changes == changes)
        #expect(Self.brightness(folder, "bell") == "0")
        #expect(Self.brightness(folder, "lamp") == "0")
    }
}
