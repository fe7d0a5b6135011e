// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import ScreenOutput

/// Backlights in a folder standing for /sys/class/backlight: `NAME/brightness`,
/// `NAME/max_brightness`, and `NAME/bl_power` where the driver has one.
@Suite struct BacklightTests {
    static func backlights(_ names: [String] = ["panel"], power: Bool, brightness: Int = 80) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for name in names {
            try FileManager.default.createDirectory(atPath: folder.join(name), withIntermediateDirectories: true)
            try Data("255\n".utf8).write(to: URL(fileURLWithPath: folder.join(name + "/max_brightness")))
            try Data("\(brightness)\n".utf8).write(to: URL(fileURLWithPath: folder.join(name + "/brightness")))
            if power { try Data("0\n".utf8).write(to: URL(fileURLWithPath: folder.join(name + "/bl_power"))) }
        }
        return folder
    }

    /// The first line of an attribute (sysfs takes each write whole; a plain file keeps the
    /// tail of a longer value before).
    static func value(_ folder: TemporaryFolder, _ file: String) throws -> String {
        let text = try Data(contentsOf: URL(fileURLWithPath: folder.join("panel/" + file)))
        return String(decoding: text.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }

    @Test func blPowerGoesToPowerdownAndBackAndGoingSwitchesItOn() throws {
        let folder = try Self.backlights(power: true)
        do {
            let light = try Backlight("panel", root: folder.path)
            #expect(light.attribute == .power)
            try light.set(on: false)
            #expect(try Self.value(folder, "bl_power") == "4")
            try light.set(on: true)
            #expect(try Self.value(folder, "bl_power") == "0")
            try light.set(on: false)
        }
        #expect(try Self.value(folder, "bl_power") == "0")
        #expect(try Self.value(folder, "brightness") == "80")
    }

    @Test(arguments: [(80, 80), (0, 255)])
    func withoutBlPowerTheBrightnessGoesToZeroAndBack(atOpen: Int, restored: Int) throws {
        let folder = try Self.backlights(power: false, brightness: atOpen)
        do {
            let light = try Backlight(folder.join("panel"), root: folder.path)
            #expect(light.attribute == .brightness(restore: restored))
            try light.set(on: false)
            #expect(try Self.value(folder, "brightness") == "0")
            try light.set(on: true)
            #expect(try Self.value(folder, "brightness") == "\(restored)")
            try light.set(on: false)
        }
        #expect(try Self.value(folder, "brightness") == "\(restored)")
    }

    @Test(arguments: [("panel", "/R/panel"), ("/R/panel", "/R/panel"), ("/R/panel/", "/R/panel")])
    func aNameOrAPathInsideTheFolder(given: String, path: String) throws {
        #expect(try Backlight.resolve(given, root: "/R") == path)
    }

    @Test(arguments: ["/etc/passwd", "/R/../etc", "/R/a/b", "..", "", "/R/", "/Rx/panel"])
    func anythingElseIsRefused(given: String) {
        #expect(throws: BacklightError.self) { try Backlight.resolve(given, root: "/R") }
    }

    @Test func aMissingBacklightSaysHowToFindOne() throws {
        let folder = try Self.backlights(power: false)
        let problem = #expect(throws: BacklightError.self) { _ = try Backlight("lcd", root: folder.path) }
        #expect(problem?.path == folder.join("lcd"))
        #expect(problem?.description.contains("no backlight there") == true)
        #expect(problem?.description.contains("ls \(folder.path)") == true)
    }

    @Test func aReadOnlyAttributeSaysHowToLetTheServiceWriteIt() throws {
        guard getuid() != 0 else { return }  // root writes a read-only file
        let folder = try Self.backlights(power: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: folder.join("panel/bl_power"))
        let problem = #expect(throws: BacklightError.self) { _ = try Backlight("panel", root: folder.path) }
        #expect(problem?.reason == "permission denied writing its bl_power")
        #expect(problem?.fix.contains("udev rule") == true)
    }
}
