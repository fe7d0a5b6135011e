// SPDX-License-Identifier: Apache-2.0

@testable import DialerKit
import Evdev
import EvdevTestSupport
import Glibc
import Testing
import InputEvents

/// A keypad the service grabbed sends its keys to the service alone: the monitor finds out by
/// grabbing and letting go, and says how to proceed.
@Suite("The monitor tells a keypad grabbed elsewhere")
struct GrabbedKeypadTests {
    static let keys = (0...9).map { EventCodes.keyCode(named: "KEY_NUMERIC_\($0)")! }

    struct Case: CustomTestStringConvertible {
        var name: String
        var grabError: Int32 = 0
        var keyDown = false
        /// Whether the monitor says the keypad is grabbed by another program.
        var told: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "grabbed by another program (EBUSY): told, with what to do", grabError: EBUSY, told: true),
        Case(name: "not grabbed: nothing said, and the monitor's own grab let go", told: false),
        Case(name: "a key down: no grab tried, since others would miss its release", grabError: EBUSY, keyDown: true, told: false),
        Case(name: "a grab failing otherwise (EINVAL) is not taken for the service's", grabError: EINVAL, told: false),
    ]

    @Test(arguments: cases)
    func aGrabbedKeypadIsToldWithHowToProceed(_ test: Case) throws {
        let directory = try TemporaryDirectory()
        let node = try FakeEvdevNode(path: directory.join("event0"), name: "keypad", keys: Self.keys)
        if test.grabError != 0 { node.setGrabError(test.grabError) }
        if test.keyDown { node.setKeyDown(Self.keys[5], true) }
        let message = MonitorRun.grabbedElsewhere(node.path)
        #expect((message != nil) == test.told, "\(message ?? "nil")")
        if let message {
            #expect(message.contains("\(node.path) is grabbed by another program"))
            #expect(message.contains("sudo systemctl stop t9dial"))
            #expect(message.contains("sudo systemctl start t9dial"))
        }
        #expect(!node.isGrabbed)
    }
}
