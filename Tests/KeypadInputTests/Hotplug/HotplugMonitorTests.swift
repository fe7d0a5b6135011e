// SPDX-License-Identifier: Apache-2.0

import EvdevTestSupport
import Foundation
@testable import KeypadInput
import Testing

@Suite("Hotplug")
struct HotplugMonitorTests {
    @Test("Event nodes created, changed and deleted ask for a rescan; other names do not")
    func eventNodes() throws {
        let directory = try TemporaryDirectory()
        var monitor = try HotplugMonitor(directory: directory.path)
        #expect(try monitor.drain() == false)
        try directory.makeFile("event3")
        #expect(try monitor.drain())
        try directory.makeFile("mouse0")
        #expect(try monitor.drain() == false)
        chmod(directory.join("event3"), 0o660)
        #expect(try monitor.drain())
        try FileManager.default.removeItem(atPath: directory.join("event3"))
        #expect(try monitor.drain())
        #expect(try monitor.drain() == false)
    }

    @Test("udev's link folders are watched once they exist, and its link renamed into place is seen")
    func linkFolders() throws {
        let directory = try TemporaryDirectory()
        var monitor = try HotplugMonitor(directory: directory.path)
        try directory.makeFolder("by-id")
        #expect(try monitor.drain())
        monitor.refreshWatches()
        try directory.makeLink("by-id/.#usb-Numpad-event-kbd", to: "../event3")
        #expect(try monitor.drain() == false)
        try FileManager.default.moveItem(atPath: directory.join("by-id/.#usb-Numpad-event-kbd"), toPath: directory.join("by-id/usb-Numpad-event-kbd"))
        #expect(try monitor.drain())
        try directory.makeLink(".#t9dial-keypad", to: "event3")
        #expect(try monitor.drain() == false)
        try FileManager.default.moveItem(atPath: directory.join(".#t9dial-keypad"), toPath: directory.join("t9dial-keypad"))
        #expect(try monitor.drain())
    }

    @Test("A missing input directory is waited for in its parent")
    func missingDirectory() throws {
        let parent = try TemporaryDirectory()
        var monitor = try HotplugMonitor(directory: parent.join("input"))
        try parent.makeFolder("other")
        #expect(try monitor.drain() == false)
        try parent.makeFolder("input")
        #expect(try monitor.drain())
        monitor.refreshWatches()
        try parent.makeFile("input/event0")
        #expect(try monitor.drain())
        try parent.makeFolder("more")
        #expect(try monitor.drain() == false)
    }
}
